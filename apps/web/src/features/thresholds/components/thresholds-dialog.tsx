import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, FormControlLabel, InputAdornment, Switch, Typography } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  THRESHOLD_MESSAGES,
  THRESHOLD_RULE_DEFINITIONS,
  THRESHOLD_RULES,
  thresholdDaysSchema,
  thresholdValueSchema,
} from '@recovery-portal/contract/thresholds';
import type {
  ParticipantThreshold,
  ParticipantThresholds,
  ThresholdRule,
  ThresholdRuleChange,
  ThresholdSetting,
} from '@recovery-portal/contract/thresholds';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useUpdateThresholds } from '#app/features/thresholds/api/update-thresholds.ts';

/** Typed text as a number; empty is NaN, so the rule's own sentence reports it. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Text that the contract's number schema accepts. The form keeps text (what the inputs hold)
 * and the numbers are read on submit, so form values and validated values have one shape.
 */
function numberText(schema: z.ZodMiniType<number>) {
  return z.string().check(
    z.superRefine((text, context) => {
      const parsed = schema.safeParse(typedNumber(text));
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
      }
    }),
  );
}

function ruleFieldsSchema(rule: ThresholdRule) {
  return z.object({
    enabled: z.boolean(),
    value: numberText(thresholdValueSchema(rule)),
    days: THRESHOLD_RULE_DEFINITIONS[rule].days ? numberText(thresholdDaysSchema) : z.string(),
  });
}

const thresholdsFormSchema = z.object({
  SYSTOLIC_BP_HIGH: ruleFieldsSchema('SYSTOLIC_BP_HIGH'),
  PAIN_HIGH_RUN: ruleFieldsSchema('PAIN_HIGH_RUN'),
  STEPS_DROP: ruleFieldsSchema('STEPS_DROP'),
  WEIGHT_CHANGE: ruleFieldsSchema('WEIGHT_CHANGE'),
});
type ThresholdsFormValues = z.infer<typeof thresholdsFormSchema>;
type RuleFields = ThresholdsFormValues[ThresholdRule];

function fieldsOf(setting: ThresholdSetting): RuleFields {
  return {
    enabled: setting.enabled,
    value: String(setting.value),
    days: setting.days === null ? '' : String(setting.days),
  };
}

function sameSetting(a: ThresholdSetting, b: ThresholdSetting): boolean {
  return a.value === b.value && a.days === b.days && a.enabled === b.enabled;
}

function settingOf(rule: ThresholdRule, fields: RuleFields): ThresholdSetting {
  return {
    enabled: fields.enabled,
    value: typedNumber(fields.value),
    days: THRESHOLD_RULE_DEFINITIONS[rule].days ? typedNumber(fields.days) : null,
  };
}

/** The form's values as changes: a rule set back to its default clears the override. */
export function thresholdChanges(
  values: ThresholdsFormValues,
  current: ParticipantThresholds,
): ThresholdRuleChange[] {
  return current.rules.map((rule) => {
    const setting = settingOf(rule.rule, values[rule.rule]);
    return {
      rule: rule.rule,
      override: sameSetting(setting, rule.default) ? null : setting,
    } as ThresholdRuleChange;
  });
}

export type ThresholdsDialogProps = {
  open: boolean;
  thresholds: ParticipantThresholds;
  onClose: () => void;
  /** Called after a successful save. */
  onSaved?: () => void;
};

/**
 * Edit a participant's alert thresholds: each rule on or off and its limit, with the programme
 * default beside it and a button back to it. A rule left at its default follows the programme.
 */
export function ThresholdsDialog({ open, thresholds, onClose, onSaved }: ThresholdsDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} width={680}>
      {open ? (
        <ThresholdsForm
          thresholds={thresholds}
          onClose={onClose}
          {...(onSaved ? { onSaved } : {})}
        />
      ) : null}
    </FormDialog>
  );
}

function ThresholdsForm({
  thresholds,
  onClose,
  onSaved,
}: {
  thresholds: ParticipantThresholds;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const notify = useNotify();
  const save = useUpdateThresholds();
  const {
    control,
    handleSubmit,
    setValue,
    formState: { isValid },
  } = useForm<ThresholdsFormValues>({
    resolver: zodResolver(thresholdsFormSchema),
    // A field left blank or wrong says so when the user moves on, not only after typing.
    mode: 'onTouched',
    defaultValues: Object.fromEntries(
      thresholds.rules.map((rule) => [rule.rule, fieldsOf(rule)]),
    ) as ThresholdsFormValues,
  });

  const onValid = (values: ThresholdsFormValues) => {
    save.mutate(
      { user_id: thresholds.user_id, rules: thresholdChanges(values, thresholds) },
      {
        onSuccess: () => {
          notify.success(THRESHOLD_MESSAGES.saved, 'snackbar');
          onSaved?.();
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  const resetRule = (rule: ParticipantThreshold) => {
    const fields = fieldsOf(rule.default);
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
    setValue(`${rule.rule}.enabled`, fields.enabled, options);
    setValue(`${rule.rule}.value`, fields.value, options);
    setValue(`${rule.rule}.days`, fields.days, options);
  };

  return (
    <DialogForm
      title={
        <>
          Alert thresholds
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            Programme: {thresholds.programme_label}. A rule at its default follows the programme.
          </Typography>
        </>
      }
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Save"
      pending={save.isPending}
      submitDisabled={!isValid}
      contentProps={{ dividers: true, sx: { display: 'grid', gap: 1.5 } }}
    >
      {THRESHOLD_RULES.map((ruleId) => {
        const rule = thresholds.rules.find((candidate) => candidate.rule === ruleId);
        return rule ? (
          <RuleFieldset key={ruleId} rule={rule} control={control} onReset={resetRule} />
        ) : null;
      })}
    </DialogForm>
  );
}

function RuleFieldset({
  rule,
  control,
  onReset,
}: {
  rule: ParticipantThreshold;
  control: Control<ThresholdsFormValues>;
  onReset: (rule: ParticipantThreshold) => void;
}) {
  const definition = THRESHOLD_RULE_DEFINITIONS[rule.rule];
  const legendId = useId();
  const fields = useWatch({ control, name: rule.rule });
  const atDefault = sameSetting(settingOf(rule.rule, fields), rule.default);
  const unit = definition.unit ? (
    <InputAdornment position="end">{definition.unit}</InputAdornment>
  ) : undefined;

  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      sx={{
        m: 0,
        px: 2,
        pt: 1,
        pb: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'grid',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={legendId} component="legend" sx={{ fontWeight: 600, p: 0, float: 'left' }}>
          {definition.label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {atDefault ? 'Programme default' : 'Custom for this participant'}
        </Typography>
        <Controller
          control={control}
          name={`${rule.rule}.enabled`}
          render={({ field }) => (
            <FormControlLabel
              label="Alert"
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { 'aria-label': `Alert on ${definition.label}` } }}
                />
              }
            />
          )}
        />
        <Button size="small" onClick={() => onReset(rule)} disabled={atDefault}>
          Reset to default
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: definition.days ? '1fr 1fr' : '1fr' },
          gap: 2,
        }}
      >
        <FormTextField
          control={control}
          name={`${rule.rule}.value`}
          label={definition.valueLabel}
          type="number"
          disabled={!fields.enabled}
          helperText={`Default: ${definition.describe(rule.default)}`}
          {...(unit ? { endAdornment: unit } : {})}
        />
        {definition.days && (
          <FormTextField
            control={control}
            name={`${rule.rule}.days`}
            label={definition.days.label}
            type="number"
            disabled={!fields.enabled}
            helperText={`${definition.days.min}–${definition.days.max} days`}
          />
        )}
      </Box>
    </Box>
  );
}
