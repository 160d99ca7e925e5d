// Made on first use, not when the module loads (a page that shows no price does not pay for them).
let rupees: Intl.NumberFormat | undefined;
let rupeesExact: Intl.NumberFormat | undefined;
const whole = () => {
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  return rupees;
};
const exact = () => {
  rupeesExact ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
  return rupeesExact;
};

/** Whole rupees in Indian grouping: ₹1,23,456. */
export function formatRupees(amount: number): string {
  return whole().format(amount);
}

/** An amount in paise shown in rupees (paise kept when there are any): ₹2,499.50. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? whole().format(paise / 100) : exact().format(paise / 100);
}
