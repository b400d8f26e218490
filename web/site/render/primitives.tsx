import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from "react";
import { createElement } from "react";

/**
 * The site's layout and text primitives: Stack, Group, Text, Title, Container and Box with the
 * subset of Mantine's props the site uses, rendered as plain elements with the classes of
 * site.css. Mantine's own versions run its whole style-props and Styles-API machinery for every
 * element, which was most of a cold page render's time (scripts/bench/site.ts), and their code
 * rode along to every page. Values read Mantine's CSS variables, so the look is Mantine's.
 */

type Size = "xs" | "sm" | "md" | "lg" | "xl";
type Scalar = number | string;
/** A value, or one per breakpoint from `base` up (only fz and py are responsive here). */
type Responsive<T> = T | Partial<Record<"base" | Size, T>>;

export interface StyleProps {
  m?: Scalar; mt?: Scalar; mb?: Scalar; ml?: Scalar; mr?: Scalar; mx?: Scalar; my?: Scalar;
  p?: Scalar; pt?: Scalar; pb?: Scalar; pl?: Scalar; pr?: Scalar; px?: Scalar; py?: Responsive<Scalar>;
  w?: Scalar; h?: Scalar; maw?: Scalar; miw?: Scalar; mih?: Scalar;
  fz?: Responsive<Scalar>; fw?: Scalar; lh?: Scalar; ta?: CSSProperties["textAlign"]; tt?: CSSProperties["textTransform"];
  c?: string; bg?: string;
  visibleFrom?: Size; hiddenFrom?: Size;
}

interface BaseProps extends StyleProps, Omit<HTMLAttributes<HTMLElement>, "color"> {
  component?: ElementType;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  /** With component="a". */
  href?: string;
  target?: string;
  rel?: string;
}

const SIZES = new Set(["xs", "sm", "md", "lg", "xl"]);
const BREAKPOINTS = ["xs", "sm", "md", "lg", "xl"] as const;
const rem = (value: Scalar) => (typeof value === "number" ? `${value / 16}rem` : value);
const spacing = (value: Scalar) => (typeof value === "string" && SIZES.has(value) ? `var(--mantine-spacing-${value})` : rem(value));
const fontSize = (value: Scalar) => (typeof value === "string" && (SIZES.has(value) || /^h[1-6]$/.test(value)) ? (value.startsWith("h") ? `var(--mantine-${value}-font-size)` : `var(--mantine-font-size-${value})`) : rem(value));
const lineHeight = (value: Scalar) => (typeof value === "string" && SIZES.has(value) ? `var(--mantine-line-height-${value})` : value);

/** Mantine's colour values: "dimmed", "red.6", "teal" (its text shade), or any CSS colour. */
export function color(value: string): string {
  if (value === "dimmed" || value === "bright" || value === "white" || value === "black") return `var(--mantine-color-${value})`;
  const shade = /^([a-z]+)\.(\d)$/.exec(value);
  if (shade) return `var(--mantine-color-${shade[1]}-${shade[2]})`;
  if (/^[a-z]+$/.test(value) && value !== "inherit" && value !== "transparent" && value !== "currentColor") return `var(--mantine-color-${value}-text)`;
  return value;
}

const SIDES: [keyof StyleProps, (keyof CSSProperties)[], (value: Scalar) => string][] = [
  ["m", ["margin"], spacing], ["mt", ["marginTop"], spacing], ["mb", ["marginBottom"], spacing], ["ml", ["marginLeft"], spacing], ["mr", ["marginRight"], spacing],
  ["mx", ["marginLeft", "marginRight"], spacing], ["my", ["marginTop", "marginBottom"], spacing],
  ["p", ["padding"], spacing], ["pt", ["paddingTop"], spacing], ["pb", ["paddingBottom"], spacing], ["pl", ["paddingLeft"], spacing], ["pr", ["paddingRight"], spacing],
  ["px", ["paddingLeft", "paddingRight"], spacing],
  ["w", ["width"], rem], ["h", ["height"], rem], ["maw", ["maxWidth"], rem], ["miw", ["minWidth"], rem], ["mih", ["minHeight"], rem],
];

const BY_PROP = new Map(SIDES.map((side) => [side[0] as string, side]));

/** Style props → inline style, classes and the remaining (DOM) props. */
function resolveStyleProps(props: BaseProps, classes: string[]): { className: string; style: CSSProperties; rest: Record<string, unknown> } {
  const { component: _component, className, style, children: _children, visibleFrom, hiddenFrom, fz, fw, lh, ta, tt, c, bg, py, ...others } = props;
  const css: Record<string, string | number> = {};
  const rest: Record<string, unknown> = {};
  for (const key in others) {
    const value = (others as Record<string, unknown>)[key];
    const side = BY_PROP.get(key);
    if (!side) rest[key] = value;
    else if (value !== undefined) for (const property of side[1]) css[property] = side[2](value as Scalar);
  }
  responsive(css, classes, "fz", fz, fontSize);
  responsive(css, classes, "py", py, spacing);
  if (fw !== undefined) css.fontWeight = fw;
  if (lh !== undefined) css.lineHeight = lineHeight(lh);
  if (ta) css.textAlign = ta;
  if (tt) css.textTransform = tt;
  if (c) css.color = color(c);
  if (bg) css.background = color(bg);
  if (visibleFrom) classes.push(`mantine-visible-from-${visibleFrom}`);
  if (hiddenFrom) classes.push(`mantine-hidden-from-${hiddenFrom}`);
  // The record's own class first, as Mantine puts it (themes and tests address it so).
  return { className: className ? [className, ...classes].join(" ") : classes.join(" "), style: { ...(css as CSSProperties), ...style }, rest };
}

/** A responsive value as custom properties read by a class of site.css (`s-r-fz`), else inline. */
function responsive(css: Record<string, string | number>, classes: string[], name: "fz" | "py", value: Responsive<Scalar> | undefined, convert: (value: Scalar) => string) {
  if (value === undefined) return;
  if (typeof value !== "object") {
    if (name === "fz") css.fontSize = convert(value);
    else css.paddingTop = css.paddingBottom = convert(value);
    return;
  }
  classes.push(`s-r-${name}`);
  for (const breakpoint of ["base", ...BREAKPOINTS] as const) {
    const at = value[breakpoint];
    if (at !== undefined) css[`--${name}-${breakpoint}`] = convert(at);
  }
}

const element = (tag: ElementType, props: BaseProps, classes: string[], extra: CSSProperties = {}) => {
  const { className, style, rest } = resolveStyleProps(props, classes);
  return createElement(props.component ?? tag, { ...rest, className, style: { ...extra, ...style } }, props.children);
};

export function Box(props: BaseProps) {
  return element("div", props, []);
}

export interface StackProps extends BaseProps {
  gap?: Scalar;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
}

/** A column (Mantine's Stack): flex, a gap (md by default). */
export function Stack({ gap = "md", align, justify, ...props }: StackProps) {
  return element("div", props, ["s-stack"], { gap: spacing(gap), alignItems: align, justifyContent: justify });
}

export interface GroupProps extends StackProps {
  wrap?: CSSProperties["flexWrap"];
  grow?: boolean;
}

/** A row (Mantine's Group): flex, centred on the cross axis, wrapping, a gap (md by default). */
export function Group({ gap = "md", align = "center", justify = "flex-start", wrap = "wrap", grow, ...props }: GroupProps) {
  return element("div", props, grow ? ["s-group", "s-group-grow"] : ["s-group"], { gap: spacing(gap), alignItems: align, justifyContent: justify, flexWrap: wrap });
}

export interface TextProps extends BaseProps {
  size?: Size;
  /** A <span> rather than a <p>. */
  span?: boolean;
  truncate?: boolean;
  lineClamp?: number;
  inherit?: boolean;
}

/** Text (Mantine's Text): a paragraph at the size's font size and line height. */
export function Text({ size, span, truncate, lineClamp, inherit, ...props }: TextProps) {
  const classes = ["s-text"];
  if (truncate) classes.push("s-truncate");
  if (lineClamp) classes.push("s-line-clamp");
  if (inherit) classes.push("s-inherit");
  const extra: Record<string, string | number> = {};
  if (size) Object.assign(extra, { "--text-fz": `var(--mantine-font-size-${size})`, "--text-lh": `var(--mantine-line-height-${size})` });
  if (lineClamp) extra["--text-line-clamp"] = lineClamp;
  return element(span ? "span" : "p", props, classes, extra as CSSProperties);
}

export interface TitleProps extends BaseProps {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** A heading (Mantine's Title) of the theme's heading size for its order. */
export function Title({ order = 1, ...props }: TitleProps) {
  const vars = { "--title-fz": `var(--mantine-h${order}-font-size)`, "--title-lh": `var(--mantine-h${order}-line-height)`, "--title-fw": `var(--mantine-h${order}-font-weight)` };
  return element(`h${order}`, props, ["s-title"], vars as CSSProperties);
}

export interface ContainerProps extends BaseProps {
  size?: Size | number;
  fluid?: boolean;
}

/** The centred page column (Mantine's Container) of the theme's container width. */
export function Container({ size = "md", fluid, ...props }: ContainerProps) {
  const maxWidth = fluid ? "100%" : typeof size === "number" ? rem(size) : `var(--s-container-${size})`;
  return element("div", props, ["s-container"], { maxWidth });
}

export interface PaperProps extends BaseProps {
  withBorder?: boolean;
  radius?: Size | number;
  shadow?: Size;
}

const radius = (value: Size | number) => (typeof value === "number" ? rem(value) : `var(--mantine-radius-${value})`);

/** A surface (Mantine's Paper): the body colour, a radius (the theme's), a border, a shadow. */
export function Paper({ withBorder, radius: r = "md", shadow, ...props }: PaperProps) {
  const vars = { "--paper-radius": radius(r), "--paper-shadow": shadow ? `var(--mantine-shadow-${shadow})` : undefined };
  return element("div", props, withBorder ? ["s-paper", "s-border"] : ["s-paper"], vars as CSSProperties);
}

export interface CardProps extends PaperProps {
  padding?: Scalar;
}

/** A card (Mantine's Card): a Paper in a padded column; Card.Section spans it edge to edge. */
export function Card({ padding = "md", ...props }: CardProps) {
  return <Paper {...props} className={props.className ? `s-card ${props.className}` : "s-card"} style={{ "--card-padding": spacing(padding), ...props.style } as CSSProperties} />;
}

Card.Section = function CardSection(props: BaseProps) {
  return element("div", props, ["s-card-section"]);
};

export interface SimpleGridProps extends BaseProps {
  /** Columns, or columns per breakpoint from `base` up. */
  cols?: Responsive<number>;
  spacing?: Scalar;
  verticalSpacing?: Scalar;
}

/** Equal columns (Mantine's SimpleGrid): a CSS grid; responsive columns read by site.css. */
export function SimpleGrid({ cols = 1, spacing: gap = "md", verticalSpacing, ...props }: SimpleGridProps) {
  const vars: Record<string, string | number> = { columnGap: spacing(gap), rowGap: spacing(verticalSpacing ?? gap) };
  const byBreakpoint = typeof cols === "number" ? { base: cols } : cols;
  for (const breakpoint of ["base", ...BREAKPOINTS] as const) if (byBreakpoint[breakpoint] !== undefined) vars[`--cols-${breakpoint}`] = byBreakpoint[breakpoint]!;
  return element("div", props, ["s-grid"], vars as CSSProperties);
}
