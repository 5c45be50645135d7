// PrairieLearn's assessment set colours (the 30 names of the infoCourse.json colour enum) as hex values, so
// that tree icons match the badges instructors see in PrairieLearn.
const HEX_BY_NAME: Record<string, string> = {
  red1: '#ffccbc', red2: '#ff6c5c', red3: '#c72c1c',
  pink1: '#ffbcd8', pink2: '#fa5c98', pink3: '#ba1c58',
  purple1: '#dcc6e0', purple2: '#9b59b6', purple3: '#5e147d',
  blue1: '#39d5ff', blue2: '#1297e0', blue3: '#0057a0',
  turquoise1: '#5efaf7', turquoise2: '#27cbc0', turquoise3: '#008b80',
  green1: '#8effc1', green2: '#2ecc71', green3: '#008c31',
  yellow1: '#fde3a7', yellow2: '#f5ab35', yellow3: '#d87400',
  orange1: '#ffdcb5', orange2: '#ff926b', orange3: '#c3522b',
  brown1: '#f6c4a3', brown2: '#ce9c7b', brown3: '#8e5c3b',
  gray1: '#e0e0e0', gray2: '#909090', gray3: '#505050',
};

/** Hex for a set colour name; undefined for names outside the enum (the tree then uses a theme icon). */
export function assessmentSetColorHex(name: string | null | undefined): string | undefined {
  return name ? HEX_BY_NAME[name] : undefined;
}

/** A small rounded square in that colour, the shape of PrairieLearn's set badges. */
export function assessmentSetBadgeSvg(hex: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect x="2" y="3" width="12" height="10" rx="2" fill="${hex}" stroke="#00000040"/></svg>`;
}
