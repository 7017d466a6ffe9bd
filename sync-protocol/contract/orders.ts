/** Orders as the client's payments list and the admin's orders view show them (issue 18, ADR 021). */
import type { OrderStatus, PaymentMethod, PaymentProvider } from '../domain/orders.ts';
import type { PlanId } from '../domain/plans.ts';

export interface OrderDto {
  id: string;
  planId: PlanId;
  amount: number;
  currency: string;
  provider: PaymentProvider;
  status: OrderStatus;
  method: PaymentMethod | null;
  receiptUrl: string | null;
  createdAt: string;
}

/** An order as the admin's orders view shows it: whose, and what the provider said. */
export interface AdminOrder extends OrderDto {
  userName: string;
  userEmail: string;
  /** The provider's payment id, for support. */
  paymentId: string | null;
  /** Why an approved payment did not activate: `amount` or `currency`. */
  flag: string | null;
}

/** POST /api/orders/pix → 201: the order and the PIX code to pay it with. */
export interface PixCheckout {
  order: OrderDto;
  pix: {
    /** The "copia e cola" code. */
    qrCode: string;
    /** The QR code as a base64 PNG. */
    qrCodeBase64: string;
    expiresAt: string;
    /** Counted by the server: a phone's wrong clock does not shorten it. */
    expiresInSeconds: number;
  };
}
