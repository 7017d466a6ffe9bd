import { MOST_POPULAR_PLAN, PLAN_DISPLAY_KEYS, PLAN_DURATION_MONTHS, PLAN_FEATURES, PLAN_IDS, PLAN_PRICING } from '#protocol/domain/plans.ts';
import type { PlanOffer, Support } from '#protocol/contract/plans.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter } from '../http/router.ts';
import { checkoutProvider } from './orders.ts';

/** SPEC §7 GET /plans: the three plans with price, currency and payment link for the request's locale. */
export function planRoutes(deps: AppDeps) {
  return createRouter('/api/plans')
    .get('/', 'public', (c) => {
      const locale = c.get('locale');
      const pricing = PLAN_PRICING[locale];
      // Paid at a provider's checkout (POST /api/orders) rather than through the static link.
      const checkout = checkoutProvider(deps, pricing.currency) !== null;
      // PIX in the app: reais through Mercado Pago.
      const pix = checkout && pricing.currency === 'BRL';
      return c.json({
        plans: PLAN_IDS.map((id): PlanOffer => ({
          id,
          displayKey: PLAN_DISPLAY_KEYS[id],
          durationMonths: PLAN_DURATION_MONTHS[id],
          price: pricing.prices[id],
          originalPrice: pricing.originalPrices[id] ?? null,
          currency: pricing.currency,
          mostPopular: id === MOST_POPULAR_PLAN,
          features: PLAN_FEATURES,
          paymentLink: deps.config.paymentLinks[id]?.[locale] ?? null,
          checkout,
          pix,
        })),
        // Shown in "Gerenciar Cobrança" (SPEC §2): cancelling or changing payment goes through support.
        support: { whatsapp: deps.config.supportWhatsapp, email: deps.config.supportEmail } satisfies Support,
      });
    });
}
