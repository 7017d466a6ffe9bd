/** An order's life and who takes its payment (issue 18, ADR 021): shared by the API and the admin's view. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order was paid, as the client's payments list names it. */
export const PAYMENT_METHODS = ['card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_PROVIDERS = ['stripe', 'mercadopago'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
