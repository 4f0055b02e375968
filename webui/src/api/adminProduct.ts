/**
 * The operators' product form (admin.product, mutates.saveProduct): the generated wire types under
 * the names the form uses.
 */
export type {
  AdminProductReply,
  ProductOption,
  CurrencyChoice,
  ProductChoices,
  ProductDraft,
  SaveProductInput,
  VariantDraft,
  VariantInput,
} from './wire.gen';

/** A product's kinds and a digital product's deliveries, as mutates.saveProduct takes them. */
export const PRODUCT_KINDS = ['physical', 'digital'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const DIGITAL_TYPES = ['download', 'code'] as const;
export type DigitalType = (typeof DIGITAL_TYPES)[number];
