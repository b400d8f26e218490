import { useId, type CSSProperties, type HTMLInputTypeAttribute } from "react";

/**
 * A one-line field drawn as the very markup of Mantine's <TextInput> (its class names, data
 * attributes, ids and CSS variables), styled by its loaded Input.css, without Mantine's
 * per-element props and Styles-API work: the site renders a form's fields on every page that
 * shows the form, each as costly as a dozen plain elements. Uncontrolled, as the CRM form reads
 * it through FormData. tests/site-render/text-field.test.tsx holds it to Mantine's, prop by prop.
 */
export interface TextFieldProps {
  name: string;
  label?: string;
  placeholder?: string;
  description?: string;
  required?: boolean;
  className?: string;
  type?: HTMLInputTypeAttribute;
  inputMode?: "decimal" | "numeric" | "text" | "email" | "tel" | "url" | "search" | "none";
  step?: string;
  [data: `data-${string}`]: string | undefined;
}

const LABEL_STYLE = { "--input-label-size": "var(--mantine-font-size-sm)" } as CSSProperties;
const DESCRIPTION_STYLE = {
  "--input-description-size": "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))",
} as CSSProperties;
const WRAPPER_STYLE = {
  "--input-height": "var(--input-height-sm)",
  "--input-fz": "var(--mantine-font-size-sm)",
} as CSSProperties;
// Below a description, the input keeps Mantine's gap from it.
const WRAPPER_STYLE_BELOW_DESCRIPTION = {
  "--input-margin-top": "calc(var(--mantine-spacing-xs) / 2)",
  ...WRAPPER_STYLE,
} as CSSProperties;

export function TextField({ name, label, placeholder, description, required, className, ...rest }: TextFieldProps) {
  // Mantine's useId: React's, prefixed (the same id on the server and in the browser).
  const id = `mantine-${useId().replace(/:/g, "")}`;
  return (
    <div
      className={`${className ? `${className} ` : ""}m_46b77525 mantine-InputWrapper-root mantine-TextInput-root`}
      data-size="sm"
    >
      {label ? (
        <label
          style={LABEL_STYLE}
          className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
          data-size="sm"
          data-required={required ? "true" : undefined}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
          {required ? (
            <span className="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required" aria-hidden="true">
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {description ? (
        <p
          style={DESCRIPTION_STYLE}
          className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={description ? WRAPPER_STYLE_BELOW_DESCRIPTION : WRAPPER_STYLE}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
      >
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          placeholder={placeholder}
          {...rest}
          required={required || undefined}
          aria-describedby={description ? `${id}-description` : undefined}
          id={id}
          name={name}
        />
      </div>
    </div>
  );
}
