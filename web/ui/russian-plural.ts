/** The Russian noun form for a count: 1 запись, 2 записи, 5 записей (11–14 always the last). */
export function russianPlural(count: number, one: string, few: string, many: string): string {
  const units = count % 10;
  const tens = count % 100;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  return units >= 2 && units <= 4 ? few : many;
}
