import { NumberInput, Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";

/** The form's values: the quantity is "" until a number is typed. */
export type TCreditQuantityValues = { quantity: number | string; note: string };

interface TCreditQuantityFieldsProps {
  form: UseFormReturnType<TCreditQuantityValues>;
  /** Where the texts are in the credits namespace: the admin's purchase or the enterprise's request. */
  texts: "purchase" | "request";
  max: number;
}

/** A number of credits and a note: what a purchase and a request both ask for. */
export function CreditQuantityFields({ form, texts, max }: TCreditQuantityFieldsProps) {
  const { t, i18n } = useTranslation("credits");
  const maxText = new Intl.NumberFormat(i18n.language).format(max);
  const quantity = form.getInputProps("quantity");
  return (
    <>
      <NumberInput
        label={t(`${texts}.quantity`)}
        description={t(`${texts}.quantityHelp`, { max: maxText })}
        inputWrapperOrder={["label", "input", "description", "error"]}
        required
        min={1}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        // Out of range is refused with a message, never silently changed into another quantity.
        clampBehavior="none"
        inputMode="numeric"
        data-autofocus
        {...quantity}
        // One clear sentence for every way a quantity can be wrong (empty, 0, decimal, too large).
        error={quantity.error ? t(`${texts}.quantityInvalid`, { max: maxText }) : undefined}
      />
      <Textarea
        label={t(`${texts}.note`)}
        description={t(`${texts}.noteHelp`)}
        inputWrapperOrder={["label", "input", "description", "error"]}
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps("note")}
      />
    </>
  );
}
