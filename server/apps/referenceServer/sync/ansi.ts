/** chalk (level 3) colours as PrairieLearn's job output uses them, byte for byte. */
const ESC = '\u001b[';

function style(open: number, close: number): (text: string) => string {
  const o = `${ESC}${open}m`;
  const c = `${ESC}${close}m`;
  // chalk closes and reopens the style around every line break.
  return (text) => o + text.replace(/\n/g, `${c}\n${o}`) + c;
}

export const bold = style(1, 22);
export const dim = style(2, 22);
export const green = style(32, 39);
export const redBright = style(91, 39);
export const yellowBright = style(93, 39);
export const blueBright = style(94, 39);
