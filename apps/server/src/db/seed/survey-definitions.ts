import type { SurveyQuestion } from '@recovery-portal/contract/surveys';
import type { Joint } from './programme-plan';

export interface SurveyDefinition {
  title: string;
  description: string;
  questions: SurveyQuestion[];
  /** Who is asked to fill it in. */
  joints: readonly Joint[];
  /** The score stored with a submitted response, from the chosen option indexes. */
  score: (answers: readonly number[]) => number;
}

const SEVERITY = ['None', 'Mild', 'Moderate', 'Severe', 'Extreme'];
const QUALITY = ['Excellent', 'Very good', 'Good', 'Fair', 'Poor'];
const INTERFERENCE = ['Not at all', 'A little bit', 'Somewhat', 'Quite a bit', 'Very much'];

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/**
 * The programme's questionnaires. In every one the first option is the best state, so the
 * generator can draw answers from a single 'how unwell' level per timepoint.
 */
export const SURVEY_DEFINITIONS: readonly SurveyDefinition[] = [
  {
    title: 'KOOS JR Knee Survey',
    description:
      'Knee injury and Osteoarthritis Outcome Score for Joint Replacement: seven questions about knee stiffness, pain and daily function during the last week.',
    joints: ['knee'],
    questions: [
      {
        question: 'How severe is your knee stiffness after first wakening in the morning?',
        options: SEVERITY,
      },
      {
        question:
          'What amount of knee pain have you experienced when twisting or pivoting on your knee?',
        options: SEVERITY,
      },
      {
        question:
          'What amount of knee pain have you experienced when straightening your knee fully?',
        options: SEVERITY,
      },
      {
        question: 'What amount of knee pain have you experienced when going up or down stairs?',
        options: SEVERITY,
      },
      {
        question: 'What amount of knee pain have you experienced when standing upright?',
        options: SEVERITY,
      },
      { question: 'What degree of difficulty do you have rising from sitting?', options: SEVERITY },
      {
        question:
          'What degree of difficulty do you have bending to the floor or picking up an object?',
        options: SEVERITY,
      },
    ],
    // Interval score 0–100, where 100 is perfect knee health.
    score: (answers) => Math.round(100 - (sum(answers) / (4 * answers.length)) * 100),
  },
  {
    title: 'PROMIS Global Health',
    description:
      'A short measure of overall physical and mental health, quality of life and social satisfaction, asked at every point of the recovery schedule.',
    joints: ['knee', 'hip', 'heart'],
    questions: [
      { question: 'In general, would you say your health is:', options: QUALITY },
      { question: 'In general, would you say your quality of life is:', options: QUALITY },
      { question: 'In general, how would you rate your physical health?', options: QUALITY },
      {
        question:
          'In general, how would you rate your mental health, including your mood and your ability to think?',
        options: QUALITY,
      },
      {
        question:
          'In general, how would you rate your satisfaction with your social activities and relationships?',
        options: QUALITY,
      },
      {
        question:
          'To what extent are you able to carry out your everyday physical activities such as walking or climbing stairs?',
        options: ['Completely', 'Mostly', 'Moderately', 'A little', 'Not at all'],
      },
      {
        question: 'How would you rate your fatigue on average?',
        options: ['None', 'Mild', 'Moderate', 'Severe', 'Very severe'],
      },
    ],
    // Raw score 7–35, higher is better.
    score: (answers) => sum(answers.map((a) => 5 - a)),
  },
  {
    title: 'Pain Interference',
    description:
      'Six questions about how much pain has interfered with daily activities, work around the home, social life and household chores over the past seven days.',
    joints: ['knee', 'hip', 'heart'],
    questions: [
      {
        question:
          'In the past 7 days, how much did pain interfere with your day to day activities?',
        options: INTERFERENCE,
      },
      {
        question: 'In the past 7 days, how much did pain interfere with work around the home?',
        options: INTERFERENCE,
      },
      {
        question:
          'In the past 7 days, how much did pain interfere with your ability to participate in social activities?',
        options: INTERFERENCE,
      },
      {
        question: 'In the past 7 days, how much did pain interfere with your household chores?',
        options: INTERFERENCE,
      },
      {
        question:
          'In the past 7 days, how much did pain interfere with the things you usually do for fun?',
        options: INTERFERENCE,
      },
      {
        question:
          'In the past 7 days, how much did pain interfere with your enjoyment of social activities?',
        options: INTERFERENCE,
      },
    ],
    // Raw score 6–30, higher means more interference.
    score: (answers) => sum(answers.map((a) => a + 1)),
  },
];

/** A questionnaire as stored, with its database id. */
export interface StoredSurvey {
  id: number;
  definition: SurveyDefinition;
}
