import { formatPaise } from '@repo/shared/domain/money';

/** Paise as rupees with two decimals (statements print paise). */
export const rupees = (paise: number) => formatPaise(paise, { alwaysPaise: true });
