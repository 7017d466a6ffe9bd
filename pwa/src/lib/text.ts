/** 'active' → 'Active': builds catalog keys from canonical values (`subscription.statusActive`). */
export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
