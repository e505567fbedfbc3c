import { describe, expect, it } from 'vitest';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import { DEFAULT_CONCERNS, concernListSchema } from '@recovery-portal/contract/flags';
import {
  NEGATIVE_SAFETY_SCREEN,
  PHRASES,
  SAFETY_SCRIPTS,
  TOPICS,
  type ScriptLine,
} from '#app/demo/conversation-scripts';
import { SAFETY_FINDINGS } from '#app/demo/programme-plan';
import {
  compileConcerns,
  matchConversation,
  matchText,
  MAX_MATCHED_TEXT_LENGTH,
} from './concern-matcher';

const matcher = compileConcerns(DEFAULT_CONCERNS);
const found = (text: string) => matchText(matcher, text).map((match) => match.concernId);

describe('concern matcher', () => {
  it('the default list is a valid FLAG_TERMS_FILE and covers the issue’s six findings', () => {
    expect(concernListSchema.parse(DEFAULT_CONCERNS).map((concern) => concern.id)).toEqual([
      'chest-pain',
      'shortness-of-breath',
      'suicidal-thoughts',
      'fall',
      'fever',
      'uncontrolled-pain',
    ]);
  });

  it.each([
    ['I had some chest pain last night.', 'chest-pain'],
    ['There is a tightness in my chest when I climb stairs', 'chest-pain'],
    ['I get short of breath walking to the mailbox.', 'shortness-of-breath'],
    ['Shortness of breath since Tuesday', 'shortness-of-breath'],
    ['I feel so breathless', 'shortness-of-breath'],
    ["Some days I think I'd be better off dead.", 'suicidal-thoughts'],
    ['I have been having suicidal thoughts', 'suicidal-thoughts'],
    ['I had a fall in the bathroom yesterday.', 'fall'],
    ['I fell on the stairs', 'fall'],
    ['Grandad has fallen twice this week', 'fall'],
    ['I have had a fever of 38.4 since this morning.', 'fever'],
    ['Running a temperature and chills', 'fever'],
    ['The pain is unbearable at night', 'uncontrolled-pain'],
    ["My painkillers aren't working any more", 'uncontrolled-pain'],
  ])('finds a synonym: %s', (text, concern) => {
    expect(found(text)).toContain(concern);
  });

  it('matches whatever the case, punctuation and inflection', () => {
    expect(found('CHEST PAIN!!!')).toEqual(['chest-pain']);
    expect(found('chest-pain, again...')).toEqual(['chest-pain']);
    expect(found('Chest pains on and off')).toEqual(['chest-pain']);
    expect(found('He keeps falling over')).toEqual(['fall']);
    expect(found('“Fevers” every evening')).toEqual(['fever']);
    expect(found('I’m feverish')).toEqual(['fever']);
  });

  it.each([
    'No chest pain today.',
    'Denies chest pain.',
    'I denied any chest pain to the nurse',
    'Walking without fever or chills now',
    'I am not short of breath',
    "I haven't had a fall",
    'I havent had a fall since the operation',
    'I have not fallen.',
    'I never had a fever',
    'There was no sign of a fever',
    'Fever free for a week',
    'Chest pain: none, fever: none',
  ])('a negation does not flag: %s', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('a negation reaches only its own clause', () => {
    expect(found('No fever, but I had chest pain.')).toEqual(['chest-pain']);
    expect(found('No fever, chest pain since Monday')).toEqual(['chest-pain']);
    expect(found("I don't know why but I keep falling")).toEqual(['fall']);
    expect(found('Not sleeping because of the chest pain')).toEqual(['chest-pain']);
    // Far from the term, a negation no longer applies.
    expect(found('Not great, to be honest the whole week I had chest pain')).toEqual([
      'chest-pain',
    ]);
  });

  it('phrases that only look like a finding do not flag', () => {
    expect(found('I fall asleep in front of the TV')).toEqual([]);
    expect(found('I fell asleep at nine')).toEqual([]);
    expect(found('We will visit this fall')).toEqual([]);
    expect(found('Breathing is fine and the painkillers are working')).toEqual([]);
    expect(found('The pain in my knee is a 4')).toEqual([]);
  });

  it('keeps the matched sentence as written, clipped to a sane length', () => {
    const [match] = matchText(
      matcher,
      'Hello. Actually, I had some chest pain last night climbing the stairs. It went away.',
    );
    expect(match).toMatchObject({
      concernId: 'chest-pain',
      label: 'Chest pain',
      severity: 'CRITICAL',
      sentence: 'Actually, I had some chest pain last night climbing the stairs.',
    });
    const long = `I had chest pain ${'and so on '.repeat(100)}`;
    expect(matchText(matcher, long)[0]?.sentence).toHaveLength(MAX_MATCHED_TEXT_LENGTH);
  });

  it("reads the participant's messages and the markers, never the coach's questions", () => {
    const matches = matchConversation(matcher, {
      transcript: [
        { userId: COACH_USER_ID, message: 'Any chest pain, fever or falls?' },
        { userId: '7', message: 'No chest pain. But I had a fall yesterday.' },
        { userId: COACH_USER_ID, message: 'If you get chest pain, call 911.' },
        { userId: '7', message: 'I fell again this morning.' },
      ],
      markers: [{ content: 'fever', type: 'safety' }, { content: 'red-flag screen negative' }],
    });
    expect(matches).toEqual([
      {
        concernId: 'fall',
        label: 'Fall',
        severity: 'HIGH',
        sentence: 'But I had a fall yesterday.',
        messageIndex: 1,
      },
      {
        concernId: 'fever',
        label: 'Fever',
        severity: 'HIGH',
        sentence: 'fever',
        messageIndex: null,
      },
    ]);
  });

  it('a conversation flags a finding found in both transcript and markers once, at the message', () => {
    const matches = matchConversation(matcher, {
      transcript: [{ userId: '7', message: 'I had chest pain.' }],
      markers: [{ content: 'chest pain' }],
    });
    expect(matches).toHaveLength(1);
    expect(matches[0]?.messageIndex).toBe(0);
  });

  it('the seeded conversations flag their safety finding and nothing else', () => {
    const ids: Record<(typeof SAFETY_FINDINGS)[number], string> = {
      'chest pain': 'chest-pain',
      'shortness of breath': 'shortness-of-breath',
      fall: 'fall',
      fever: 'fever',
    };
    // Variant v takes every line's v-th wording and every phrase's v-th choice (wrapping), so
    // the variants together say every wording and every phrase at least once.
    const variants = Math.max(
      ...Object.values(PHRASES).map((phrases) => phrases.length),
      ...[...Object.values(SAFETY_SCRIPTS), NEGATIVE_SAFETY_SCREEN, ...TOPICS].flatMap((part) =>
        part.lines.map((line) => line.text.length),
      ),
    );
    const pick = <T>(choices: readonly T[], variant: number) => choices[variant % choices.length];
    const conversationOf = (lines: readonly ScriptLine[], variant: number) => ({
      transcript: lines.map((line) => ({
        userId: line.coach ? COACH_USER_ID : '7',
        message: (pick(line.text, variant) ?? '').replace(/\{(\w+)\}/g, (_, key: string) => {
          const phrases = PHRASES[key];
          return phrases ? (pick(phrases, variant) ?? '') : 'knee';
        }),
      })),
      markers: [],
    });
    for (let variant = 0; variant < variants; variant += 1) {
      for (const finding of SAFETY_FINDINGS) {
        const script = SAFETY_SCRIPTS[finding];
        expect(
          matchConversation(matcher, conversationOf(script.lines, variant)).map((m) => m.concernId),
          `${finding}, variant ${variant}`,
        ).toEqual([ids[finding]]);
      }
      expect(
        matchConversation(matcher, conversationOf(NEGATIVE_SAFETY_SCREEN.lines, variant)),
      ).toEqual([]);
      for (const topic of TOPICS) {
        expect(
          matchConversation(matcher, {
            ...conversationOf(topic.lines, variant),
            markers: [...topic.markers],
          }),
          `${topic.key}, variant ${variant}`,
        ).toEqual([]);
      }
    }
    for (const finding of SAFETY_FINDINGS) {
      const script = SAFETY_SCRIPTS[finding];
      expect(
        matchConversation(matcher, { transcript: [], markers: [...script.markers] }).map(
          (m) => m.concernId,
        ),
      ).toEqual([ids[finding]]);
    }
  });

  it('a replaced list matches only its own terms', () => {
    const custom = compileConcerns(
      concernListSchema.parse([
        {
          id: 'dizziness',
          label: 'Dizziness',
          severity: 'MODERATE',
          terms: ['dizzy', 'light headed'],
        },
      ]),
    );
    expect(matchText(custom, 'I felt dizzy and light-headed').map((m) => m.concernId)).toEqual([
      'dizziness',
    ]);
    expect(matchText(custom, 'I had chest pain')).toEqual([]);
  });
});
