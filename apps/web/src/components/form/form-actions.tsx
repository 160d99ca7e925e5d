import { Button, Group, type MantineSpacing } from '@mantine/core';

export type FormActionsProps = {
  submitLabel: string;
  /** The request is running: the submit button shows busy. */
  pending: boolean;
  /** Shows a Cancel button before the submit button when given. */
  onCancel?: () => void;
  cancelLabel: string;
  mt?: MantineSpacing;
};

/** A form's closing row at the right: Cancel (when the form can be left) and the submit button. */
export function FormActions({ submitLabel, pending, onCancel, cancelLabel, mt }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
