/** What every payment provider does for an order (issue 18, ADR 021): open a checkout for it. */
export interface CheckoutDetails {
  email: string;
  productName: string;
  /** Where the provider sends the payer back, paid or not; neither activates anything. */
  successUrl: string;
  cancelUrl: string;
  /** Where a provider that takes it per checkout (Mercado Pago) sends its webhook. */
  notificationUrl: string;
}

export interface CheckoutGateway {
  createCheckout(order: { id: string; amount: number; currency: string }, details: CheckoutDetails): Promise<{ checkoutId: string; url: string }>;
}
