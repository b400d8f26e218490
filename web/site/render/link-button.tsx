import type { CSSProperties, ReactNode } from "react";

/**
 * A link drawn as a Mantine Button (`<Button component="a">`), rendered as the very markup
 * Mantine's Button renders (its class names, data attributes and CSS variables), styled by its
 * loaded Button.css, without Mantine's per-element props and Styles-API work: the site renders
 * many such links (sliders, buttons arrays, cards) and each cost as much as a dozen elements.
 * tests/site-render/link-button.test.tsx holds the markup to Mantine's, look by look, the
 * variables of site.css's s-btn-* classes counted as the inline ones they stand for.
 */
export interface LinkButtonLook {
  variant?: "filled" | "light" | "outline" | "subtle" | "default" | "gradient" | "transparent";
  color?: string;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  radius?: "xs" | "sm" | "md" | "lg" | "xl";
  gradient?: { from: string; to: string; deg?: number };
}

export interface LinkButtonProps extends LinkButtonLook {
  /** "a" (default) or "button" (of `type`, "button" by default). */
  component?: "a" | "button";
  type?: "button" | "submit";
  href?: string;
  target?: string;
  rel?: string;
  className?: string;
  disabled?: boolean;
  fullWidth?: boolean;
  rightSection?: ReactNode;
  onClick?: () => void;
  children?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

const PRIMARY = "indigo";
const BORDER = "calc(0.0625rem * var(--mantine-scale)) solid";

/** Mantine's default variant colour resolver, for the variants links use. */
function colors({ variant, color = PRIMARY, gradient }: LinkButtonLook): Record<string, string> {
  const c = (suffix: string) => `var(--mantine-color-${color}-${suffix})`;
  switch (variant) {
    case "light":
      return { bg: c("light"), hover: c("light-hover"), color: c("light-color"), bd: `${BORDER} transparent` };
    case "outline":
      return { bg: "transparent", hover: c("outline-hover"), color: c("outline"), bd: `${BORDER} ${c("outline")}` };
    case "subtle":
      return { bg: "transparent", hover: c("light-hover"), color: c("light-color"), bd: `${BORDER} transparent` };
    case "transparent":
      return { bg: "transparent", hover: "transparent", color: c("light-color"), bd: `${BORDER} transparent` };
    case "default":
      return {
        bg: "var(--mantine-color-default)",
        hover: "var(--mantine-color-default-hover)",
        color: "var(--mantine-color-default-color)",
        bd: `${BORDER} var(--mantine-color-default-border)`,
      };
    case "gradient": {
      const { from, to, deg = 45 } = gradient ?? { from: "blue", to: "cyan" };
      const value = `linear-gradient(${deg}deg, var(--mantine-color-${from}-filled) 0%, var(--mantine-color-${to}-filled) 100%)`;
      return { bg: value, hover: value, color: "var(--mantine-color-white)", bd: "none" };
    }
    default:
      return {
        bg: c("filled"),
        hover: c("filled-hover"),
        color: "var(--mantine-color-white)",
        bd: `${BORDER} transparent`,
      };
  }
}

/** The looks of the theme's primary colour (and `default`, the same in every colour) with a class of site.css. */
const CLASSED = new Set(["filled", "light", "outline", "subtle", "transparent"]);

export function LinkButton({
  component = "a",
  type = "button",
  variant = "filled",
  color,
  size,
  radius,
  gradient,
  className,
  disabled,
  fullWidth,
  rightSection,
  children,
  ...rest
}: LinkButtonProps) {
  // The usual looks, sizes and radii as classes of site.css setting Button.css's variables (a page
  // has hundreds of such links, each of these spelled inline was 200–400 bytes); any other look
  // (another colour, a gradient) sets them inline. Unset size and radius are Button.css's
  // defaults (sm, the theme's radius), as with Mantine.
  let own = "";
  let style: CSSProperties | undefined;
  if (variant === "default" || ((color === undefined || color === PRIMARY) && CLASSED.has(variant)))
    own = ` s-btn-${variant}`;
  else {
    const look = colors({ variant, color, gradient });
    style = {
      "--button-bg": look.bg,
      "--button-hover": look.hover,
      "--button-color": look.color,
      "--button-bd": look.bd,
    } as CSSProperties;
  }
  if (size) own += ` s-btn-${size}`;
  if (radius) own += ` s-btn-r-${radius}`;
  const classes = `mantine-focus-auto ${disabled ? "" : "mantine-active "}${className ? `${className} ` : ""}m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root${own}`;
  const Tag = component;
  const flags = {
    "data-disabled": disabled ? "true" : undefined,
    "data-block": fullWidth ? "true" : undefined,
    "data-with-right-section": rightSection ? "true" : undefined,
  };
  const button = component === "button" ? { type, disabled: disabled || undefined } : {};
  return (
    <Tag style={style} className={classes} data-variant={variant} data-size={size} {...flags} {...button} {...rest}>
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label">{children}</span>
        {rightSection ? (
          <span className="m_a74036a mantine-Button-section" data-position="right">
            {rightSection}
          </span>
        ) : null}
      </span>
    </Tag>
  );
}
