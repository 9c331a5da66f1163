import type { UseFormReturnType } from "@mantine/form";

/** A NumberInput's props for a field that may be left empty (null), e.g. "does not expire". */
export function optionalNumber<T extends Record<string, unknown>>(form: UseFormReturnType<T>, field: keyof T & string) {
  const props = form.getInputProps(field);
  return {
    ...props,
    value: (props.value as number | null) ?? "",
    onChange: (value: number | string) =>
      // biome-ignore lint/suspicious/noExplicitAny: the field holds a number or null, which mantine's path type cannot say.
      form.setFieldValue(field, (typeof value === "number" ? value : null) as any),
  };
}
