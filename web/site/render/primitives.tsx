import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from "react";
import { createElement } from "react";

/**
 * The site's layout and text primitives: Stack, Group, Text, Title, Container and Box with the
 * subset of Mantine's props the site uses, rendered as plain elements with the classes of
 * site.css. Mantine's own versions run its whole style-props and Styles-API machinery for every
 * element, which was most of a cold page render's time (scripts/bench/site.ts), and their code
 * rode along to every page. Values read Mantine's CSS variables, so the look is Mantine's.
 *
 * A theme value (a spacing, font size or radius by name, a heading order, a flex keyword, dimmed
 * text) becomes a class of site.css ("s-mt-md", "s-gap-xs", "s-h3") rather than an inline style:
 * a page repeats the same few values on hundreds of elements, and inline they were most of its
 * bytes and much of React's work. Any other value is an inline style, as before.
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

const isSize = (value: unknown): value is Size => typeof value === "string" && SIZES.has(value);

// The margin and padding props, in site.css's order of their classes (a later one wins, as in
// Mantine: mt over m, mx over ml).
const MARGINS: [keyof StyleProps, (keyof CSSProperties)[]][] = [
  ["m", ["margin"]], ["mt", ["marginTop"]], ["mb", ["marginBottom"]], ["ml", ["marginLeft"]], ["mr", ["marginRight"]],
  ["mx", ["marginLeft", "marginRight"]], ["my", ["marginTop", "marginBottom"]],
];
const PADDINGS: [keyof StyleProps, (keyof CSSProperties)[]][] = [
  ["p", ["padding"]], ["pt", ["paddingTop"]], ["pb", ["paddingBottom"]], ["pl", ["paddingLeft"]], ["pr", ["paddingRight"]],
  ["px", ["paddingLeft", "paddingRight"]], ["py", ["paddingTop", "paddingBottom"]],
];
const SIZING: [keyof StyleProps, keyof CSSProperties][] = [["w", "width"], ["h", "height"], ["maw", "maxWidth"], ["miw", "minWidth"], ["mih", "minHeight"]];
const STYLE_PROPS = new Set<string>([...MARGINS, ...PADDINGS, ...SIZING].map((entry) => entry[0]));
/** Values of align-items / justify-content / text-align with a class of site.css. */
const FLEX = new Set(["flex-start", "flex-end", "center", "stretch", "baseline", "space-between", "space-around", "space-evenly"]);
const TEXT_ALIGN = new Set(["left", "center", "right", "justify"]);
const FONT_WEIGHTS = new Set([400, 500, 600, 700, 800, "400", "500", "600", "700", "800"]);

/**
 * One family of sides (margins or paddings): all by class when every value given is a theme
 * spacing, else all inline (a class never loses to an inline shorthand of its own family).
 */
function sides(props: Record<string, unknown>, family: typeof MARGINS, css: Record<string, string | number>, classes: string[]) {
  let tokens = true;
  let any = false;
  for (const [name] of family) {
    const value = props[name];
    if (value === undefined || (name === "py" && typeof value === "object")) continue;
    any = true;
    if (!isSize(value)) tokens = false;
  }
  if (!any) return;
  for (const [name, properties] of family) {
    const value = props[name] as Scalar | undefined;
    if (value === undefined || (name === "py" && typeof value === "object")) continue;
    if (tokens) classes.push(`s-${name}-${value}`);
    else for (const property of properties) css[property] = spacing(value);
  }
}

/** Style props → inline style, classes and the remaining (DOM) props. */
function resolveStyleProps(props: BaseProps, classes: string[]): { className: string; style: CSSProperties | undefined; rest: Record<string, unknown> } {
  const { component: _component, className, style, children: _children, visibleFrom, hiddenFrom, fz, fw, lh, ta, tt, c, bg, py, ...others } = props;
  const css: Record<string, string | number> = {};
  const rest: Record<string, unknown> = {};
  let styled = false;
  for (const key in others) {
    if (STYLE_PROPS.has(key)) styled = true;
    else rest[key] = (others as Record<string, unknown>)[key];
  }
  if (styled || py !== undefined) {
    const all = props as Record<string, unknown>;
    sides(all, MARGINS, css, classes);
    sides(all, PADDINGS, css, classes);
    for (const [name, property] of SIZING) {
      const value = all[name] as Scalar | undefined;
      if (value === undefined) continue;
      if (value === "100%" && (name === "w" || name === "h")) classes.push(`s-${name}-full`);
      else css[property] = rem(value);
    }
  }
  if (typeof py === "object") responsive(css, classes, "py", py, spacing);
  if (fz !== undefined) {
    if (isSize(fz)) classes.push(`s-fz-${fz}`);
    else responsive(css, classes, "fz", fz, fontSize);
  }
  if (fw !== undefined) {
    if (FONT_WEIGHTS.has(fw)) classes.push(`s-fw-${fw}`);
    else css.fontWeight = fw;
  }
  if (lh !== undefined) css.lineHeight = lineHeight(lh);
  if (ta) {
    if (TEXT_ALIGN.has(ta)) classes.push(`s-ta-${ta}`);
    else css.textAlign = ta;
  }
  if (tt) css.textTransform = tt;
  if (c) {
    if (c === "dimmed") classes.push("s-c-dimmed");
    else css.color = color(c);
  }
  if (bg) css.background = color(bg);
  if (visibleFrom) classes.push(`mantine-visible-from-${visibleFrom}`);
  if (hiddenFrom) classes.push(`mantine-hidden-from-${hiddenFrom}`);
  let merged: CSSProperties | undefined;
  for (const _ in css) {
    merged = style ? { ...(css as CSSProperties), ...style } : (css as CSSProperties);
    break;
  }
  // The record's own class first, as Mantine puts it (themes and tests address it so).
  return { className: className ? [className, ...classes].join(" ") : classes.join(" "), style: merged ?? style, rest };
}

/** A responsive value as custom properties read by a class of site.css (`s-r-fz`), else inline. */
function responsive(css: Record<string, string | number>, classes: string[], name: "fz" | "py", value: Responsive<Scalar>, convert: (value: Scalar) => string) {
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

/** The element: the component's own classes and inline values (`extra`, under the style props' and `style`). */
const element = (tag: ElementType, props: BaseProps, classes: string[], extra?: Record<string, string | number | undefined>) => {
  const { className, style, rest } = resolveStyleProps(props, classes);
  let merged = style;
  if (extra) {
    for (const key in extra) if (extra[key] === undefined) delete extra[key];
    for (const _ in extra) {
      merged = style ? { ...(extra as CSSProperties), ...style } : (extra as CSSProperties);
      break;
    }
  }
  return createElement(props.component ?? tag, { ...rest, className, style: merged }, props.children);
};

/** A flex keyword as a class of site.css, else an inline value. */
function flex(classes: string[], extra: Record<string, string | number | undefined>, prefix: "align" | "justify", value: string | undefined) {
  if (value === undefined) return;
  if (FLEX.has(value)) classes.push(`s-${prefix}-${value}`);
  else extra[prefix === "align" ? "alignItems" : "justifyContent"] = value;
}

/** A gap: a class for a theme spacing, else inline. */
function gapOf(classes: string[], extra: Record<string, string | number | undefined>, gap: Scalar, prefix = "s-gap") {
  if (isSize(gap)) classes.push(`${prefix}-${gap}`);
  else extra.gap = spacing(gap);
}

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
  const classes = ["s-stack"];
  const extra: Record<string, string | number | undefined> = {};
  gapOf(classes, extra, gap);
  flex(classes, extra, "align", align);
  flex(classes, extra, "justify", justify);
  return element("div", props, classes, extra);
}

export interface GroupProps extends StackProps {
  wrap?: CSSProperties["flexWrap"];
  grow?: boolean;
}

/** A row (Mantine's Group): flex, centred on the cross axis, wrapping, a gap (md by default); those defaults are .s-group's. */
export function Group({ gap = "md", align, justify, wrap, grow, ...props }: GroupProps) {
  const classes = grow ? ["s-group", "s-group-grow"] : ["s-group"];
  const extra: Record<string, string | number | undefined> = {};
  gapOf(classes, extra, gap);
  if (align !== "center") flex(classes, extra, "align", align);
  if (justify !== "flex-start") flex(classes, extra, "justify", justify);
  if (wrap === "nowrap") classes.push("s-nowrap");
  else if (wrap !== undefined && wrap !== "wrap") extra.flexWrap = wrap;
  return element("div", props, classes, extra);
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
  if (size) classes.push(`s-text-${size}`);
  if (truncate) classes.push("s-truncate");
  if (lineClamp) classes.push("s-line-clamp");
  if (inherit) classes.push("s-inherit");
  return element(span ? "span" : "p", props, classes, lineClamp ? { "--text-line-clamp": lineClamp } : undefined);
}

export interface TitleProps extends BaseProps {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** A heading (Mantine's Title) of the theme's heading size for its order (the class s-h1…s-h6). */
export function Title({ order = 1, ...props }: TitleProps) {
  return element(`h${order}`, props, ["s-title", `s-h${order}`]);
}

export interface ContainerProps extends BaseProps {
  size?: Size | number;
  fluid?: boolean;
}

/** The centred page column (Mantine's Container) of the theme's container width. */
export function Container({ size = "md", fluid, ...props }: ContainerProps) {
  if (fluid) return element("div", props, ["s-container"], { maxWidth: "100%" });
  if (typeof size === "number") return element("div", props, ["s-container"], { maxWidth: rem(size) });
  return element("div", props, ["s-container", `s-container-${size}`]);
}

export interface PaperProps extends BaseProps {
  withBorder?: boolean;
  radius?: Size | number;
  shadow?: Size;
}

/** A surface (Mantine's Paper): the body colour, a radius (the theme's), a border, a shadow. */
export function Paper({ withBorder, radius = "md", shadow, ...props }: PaperProps) {
  return paper(props, withBorder, radius, shadow, []);
}

function paper(props: BaseProps, withBorder: boolean | undefined, radius: Size | number, shadow: Size | undefined, classes: string[]) {
  classes.push("s-paper");
  if (withBorder) classes.push("s-border");
  const extra: Record<string, string | number | undefined> = {};
  if (typeof radius === "number") extra["--paper-radius"] = rem(radius);
  else classes.push(`s-radius-${radius}`);
  if (shadow) classes.push(`s-shadow-${shadow}`);
  return element("div", props, classes, extra);
}

export interface CardProps extends PaperProps {
  padding?: Scalar;
}

/** A card (Mantine's Card): a Paper in a padded column; Card.Section spans it edge to edge. */
export function Card({ padding = "md", withBorder, radius = "md", shadow, ...props }: CardProps) {
  if (isSize(padding)) return paper(props, withBorder, radius, shadow, ["s-card", `s-card-p-${padding}`]);
  return paper({ ...props, style: { "--card-padding": spacing(padding), ...props.style } as CSSProperties }, withBorder, radius, shadow, ["s-card"]);
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
  const classes = ["s-grid"];
  const vars: Record<string, string | number> = {};
  const rowGap = verticalSpacing ?? gap;
  if (isSize(gap)) classes.push(`s-cgap-${gap}`);
  else vars.columnGap = spacing(gap);
  if (isSize(rowGap)) classes.push(`s-rgap-${rowGap}`);
  else vars.rowGap = spacing(rowGap);
  const byBreakpoint = typeof cols === "number" ? { base: cols } : cols;
  for (const breakpoint of ["base", ...BREAKPOINTS] as const) if (byBreakpoint[breakpoint] !== undefined) vars[`--cols-${breakpoint}`] = byBreakpoint[breakpoint]!;
  return element("div", props, classes, vars);
}
