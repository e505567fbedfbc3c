import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  PROGRAMME_THRESHOLD_DEFAULTS,
  THRESHOLD_MESSAGES,
  THRESHOLD_RULE_DEFINITIONS,
  THRESHOLD_RULES,
} from '@recovery-portal/contract/thresholds';
import type {
  ParticipantThresholds,
  ThresholdRule,
  ThresholdSetting,
  UpdateThresholdsRequest,
} from '@recovery-portal/contract/thresholds';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { ThresholdsSection } from './thresholds-section';

const DEFAULTS = PROGRAMME_THRESHOLD_DEFAULTS.KNEE;

function thresholdsWith(overrides: Partial<Record<ThresholdRule, ThresholdSetting>>) {
  return {
    user_id: 7,
    programme: 'KNEE',
    programme_label: 'Knee recovery',
    rules: THRESHOLD_RULES.map((rule) => {
      const setting = overrides[rule] ?? DEFAULTS[rule];
      return {
        rule,
        label: THRESHOLD_RULE_DEFINITIONS[rule].label,
        description: THRESHOLD_RULE_DEFINITIONS[rule].describe(setting),
        ...setting,
        default: DEFAULTS[rule],
        overridden: rule in overrides,
        updated_at: rule in overrides ? '2026-03-10T09:00:00Z' : null,
        updated_by: rule in overrides ? 'Cleo Tester' : null,
      };
    }),
  } satisfies ParticipantThresholds;
}

const CUSTOM_BP = { value: 175, days: null, enabled: true };

function serve(initial: ParticipantThresholds) {
  let current = initial;
  return mockFetch(({ url, init }) => {
    if (url.startsWith(API_PATHS.thresholds.participant) && init.method === 'PUT') {
      const body = bodyOf({ url, init, headers: {} }) as UpdateThresholdsRequest;
      const overrides = Object.fromEntries(
        body.rules.flatMap((change) =>
          change.override
            ? [[change.rule, { ...change.override, days: change.override.days ?? null }]]
            : [],
        ),
      ) as Partial<Record<ThresholdRule, ThresholdSetting>>;
      current = thresholdsWith(overrides);
      return success(current);
    }
    if (url.startsWith(API_PATHS.thresholds.participant)) return success(current);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openDialog(thresholds: ParticipantThresholds) {
  setCsrfCookie();
  const http = serve(thresholds);
  const view = renderWithProviders(<ThresholdsSection participantId={7} />);
  await screen.findByText('Programme: Knee recovery');
  await view.user.click(screen.getByRole('button', { name: 'Edit thresholds' }));
  const dialog = await screen.findByRole('dialog', { name: /Alert thresholds/ });
  return { ...view, ...http, dialog };
}

const ruleGroup = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('group', { name: label });

describe('alert thresholds', () => {
  it('clinician sees each rule, whether it is the default, and who changed it', async () => {
    serve(thresholdsWith({ SYSTOLIC_BP_HIGH: CUSTOM_BP }));
    renderWithProviders(<ThresholdsSection participantId={7} />);
    const table = await screen.findByRole('table', { name: 'Alert thresholds' });
    await within(table).findByText('Systolic BP above 175 mmHg');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Systolic BPSystolic BP above 175 mmHgCustom · Cleo Tester, Mar 10, 2026',
      'Pain scorePain score at or above 8 for 3 consecutive daysProgramme default',
      'Daily stepsDaily steps falling by more than 50% week on weekProgramme default',
      'WeightWeight change above 2 kg within 7 daysProgramme default',
    ]);
  });

  it('the dialog shows the current limits with their defaults', async () => {
    const { dialog } = await openDialog(thresholdsWith({ SYSTOLIC_BP_HIGH: CUSTOM_BP }));
    const bp = ruleGroup(dialog, 'Systolic BP');
    expect(within(bp).getByLabelText('Alert above (mmHg)')).toHaveValue(175);
    expect(within(bp).getByText('Default: Systolic BP above 160 mmHg')).toBeInTheDocument();
    expect(within(bp).getByText('Custom for this participant')).toBeInTheDocument();
    expect(within(bp).getByRole('switch', { name: 'Alert on Systolic BP' })).toBeChecked();
    const pain = ruleGroup(dialog, 'Pain score');
    expect(within(pain).getByLabelText('For consecutive days')).toHaveValue(3);
    expect(within(pain).getByText('Programme default')).toBeInTheDocument();
    expect(within(pain).getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  });

  it('a limit outside its bounds is refused with the rule’s sentence and cannot be saved', async () => {
    const { dialog, user, calls } = await openDialog(thresholdsWith({}));
    const value = within(ruleGroup(dialog, 'Systolic BP')).getByLabelText('Alert above (mmHg)');
    await user.clear(value);
    await user.type(value, '99');
    await user.tab();
    expect(
      await within(dialog).findByText(THRESHOLD_RULE_DEFINITIONS.SYSTOLIC_BP_HIGH.valueMessage),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    const days = within(ruleGroup(dialog, 'Pain score')).getByLabelText('For consecutive days');
    await user.clear(days);
    await user.tab();
    expect(await within(dialog).findByText(/The run of days must be/)).toBeInTheDocument();

    const weight = within(ruleGroup(dialog, 'Weight')).getByLabelText(
      'Alert on a change above (kg)',
    );
    await user.clear(weight);
    await user.type(weight, '2.25');
    await user.tab();
    expect(
      await within(dialog).findByText(THRESHOLD_RULE_DEFINITIONS.WEIGHT_CHANGE.valueMessage),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);
  });

  it('clinician changes limits and turns a rule off; unchanged rules stay on the default', async () => {
    const { dialog, user, calls } = await openDialog(thresholdsWith({}));
    const pain = ruleGroup(dialog, 'Pain score');
    const score = within(pain).getByLabelText('Alert at or above (0–10)');
    await user.clear(score);
    await user.type(score, '7');
    const days = within(pain).getByLabelText('For consecutive days');
    await user.clear(days);
    await user.type(days, '2');
    await user.click(
      within(ruleGroup(dialog, 'Daily steps')).getByRole('switch', {
        name: 'Alert on Daily steps',
      }),
    );
    expect(within(pain).getByText('Custom for this participant')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(THRESHOLD_MESSAGES.saved)).toBeInTheDocument();
    const put = calls.find((call) => call.init.method === 'PUT');
    expect(bodyOf(put)).toEqual({
      user_id: 7,
      rules: [
        { rule: 'SYSTOLIC_BP_HIGH', override: null },
        { rule: 'PAIN_HIGH_RUN', override: { value: 7, days: 2, enabled: true } },
        { rule: 'STEPS_DROP', override: { value: 50, days: null, enabled: false } },
        { rule: 'WEIGHT_CHANGE', override: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Alert thresholds' });
    expect(
      await within(table).findByText('Pain score at or above 7 for 2 consecutive days'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Off')).toBeInTheDocument();
  });

  it('reset to default puts the programme values back and clears the override', async () => {
    const { dialog, user, calls } = await openDialog(
      thresholdsWith({ SYSTOLIC_BP_HIGH: CUSTOM_BP }),
    );
    const bp = ruleGroup(dialog, 'Systolic BP');
    await user.click(within(bp).getByRole('button', { name: 'Reset to default' }));
    expect(within(bp).getByLabelText('Alert above (mmHg)')).toHaveValue(160);
    expect(within(bp).getByText('Programme default')).toBeInTheDocument();
    expect(within(bp).getByRole('button', { name: 'Reset to default' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(THRESHOLD_MESSAGES.saved);
    const put = bodyOf(calls.find((call) => call.init.method === 'PUT')) as UpdateThresholdsRequest;
    expect(put.rules[0]).toEqual({ rule: 'SYSTOLIC_BP_HIGH', override: null });
  });

  it("a failed save keeps the dialog open with the server's sentence", async () => {
    setCsrfCookie();
    mockFetch(({ init }) =>
      init.method === 'PUT'
        ? failure(404, 'NOT_FOUND', 'There is no participant with id 7.')
        : success(thresholdsWith({})),
    );
    const { user } = renderWithProviders(<ThresholdsSection participantId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Edit thresholds' }));
    const dialog = await screen.findByRole('dialog', { name: /Alert thresholds/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There is no participant with id 7.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /Alert thresholds/ })).toBeInTheDocument();
  });
});
