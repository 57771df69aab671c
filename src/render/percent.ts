/** A share (0–1) as the reports print it: one decimal at most, a space before `%` ("44.4 %", "25 %"). */
export const pct = (share: number): string => `${Math.round(share * 1000) / 10} %`
