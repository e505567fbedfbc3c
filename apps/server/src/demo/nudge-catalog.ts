import type { Joint } from '#app/core/surveys/programme-surveys';
import type { Phase } from './programme-plan';

/**
 * Nudge texts of a knee/hip recovery and coaching programme. `{name}`, `{steps}` and
 * `{minutes}` are filled per participant; `phases` and `joints` limit where a nudge fits.
 */
export interface NudgeTemplate {
  topic: string;
  title: string;
  content: string;
  phases?: readonly Phase[];
  joints?: readonly Joint[];
}

export const NUDGE_TEMPLATES: readonly NudgeTemplate[] = [
  {
    topic: 'walking',
    title: 'Time for a short walk',
    content:
      'A 10-minute walk after lunch keeps your new joint moving. Aim for about {steps} steps today, {name}.',
    phases: ['early', 'mid', 'late'],
  },
  {
    topic: 'walking',
    title: 'You are close to your step goal',
    content:
      'You are only a few hundred steps away from {steps}. A lap around the house or garden will get you there.',
    phases: ['mid', 'late'],
  },
  {
    topic: 'walking',
    title: 'Build up gradually',
    content:
      'Add two or three minutes to your walks each day rather than one long outing. Steady beats heroic.',
    phases: ['early', 'mid'],
  },
  {
    topic: 'walking',
    title: 'Walk before your operation',
    content:
      'Stronger legs before surgery mean an easier recovery. Try for {minutes} minutes of walking today.',
    phases: ['pre-op'],
  },
  {
    topic: 'exercise',
    title: 'Heel slides',
    content:
      'Lying on your back, slide your heel towards you and back 10 times, three times today. It helps the knee bend.',
    phases: ['early', 'mid'],
    joints: ['knee'],
  },
  {
    topic: 'exercise',
    title: 'Quad sets, 3 × 10',
    content:
      'Tighten the muscle on the front of your thigh, hold for 5 seconds and relax. Do three sets of ten.',
    phases: ['pre-op', 'early', 'mid'],
    joints: ['knee'],
  },
  {
    topic: 'exercise',
    title: 'Straight leg raises',
    content:
      'Keep your knee straight and lift your leg to the height of the other knee. Ten slow raises, twice today.',
    phases: ['early', 'mid'],
    joints: ['knee'],
  },
  {
    topic: 'exercise',
    title: 'Work on straightening your knee',
    content:
      'Rest your heel on a rolled towel for 10 minutes with the knee unsupported. Full extension makes walking easier.',
    phases: ['early'],
    joints: ['knee'],
  },
  {
    topic: 'exercise',
    title: 'Hip abduction',
    content:
      'Lying on your back, slide the operated leg out to the side and back 10 times. Keep your toes pointing up.',
    phases: ['early', 'mid'],
    joints: ['hip'],
  },
  {
    topic: 'exercise',
    title: 'Mind your hip precautions',
    content:
      'Avoid bending your hip past 90 degrees and crossing your legs for the first six weeks.',
    phases: ['early'],
    joints: ['hip'],
  },
  {
    topic: 'exercise',
    title: 'Glute squeezes',
    content:
      'Squeeze your buttocks together, hold for 5 seconds, relax. Ten repetitions, three times a day.',
    phases: ['pre-op', 'early', 'mid'],
    joints: ['hip', 'knee'],
  },
  {
    topic: 'exercise',
    title: 'Cardiac rehab session today',
    content:
      'Your supervised exercise class is today. Bring your medication list and wear comfortable shoes.',
    joints: ['heart'],
  },
  {
    topic: 'exercise',
    title: 'Keep your physio appointment',
    content:
      'Your physiotherapy session is coming up. Write down any questions about pain or stiffness to ask.',
    phases: ['early', 'mid'],
  },
  {
    topic: 'sleep',
    title: 'Wind down for better sleep',
    content:
      'Dim the lights and put screens away 30 minutes before bed. A regular bedtime helps healing.',
  },
  {
    topic: 'sleep',
    title: 'Sleeping position',
    content:
      'A pillow between your knees can make side-sleeping more comfortable while you recover.',
    phases: ['early', 'mid'],
    joints: ['hip', 'knee'],
  },
  {
    topic: 'sleep',
    title: 'Pain at night?',
    content:
      'If pain wakes you, take your evening pain relief about an hour before bed and ice the joint for 15 minutes.',
    phases: ['early'],
  },
  {
    topic: 'hydration',
    title: 'Drink a glass of water',
    content:
      'Staying hydrated helps with energy and constipation from pain medicine. Aim for 6 to 8 glasses today.',
  },
  {
    topic: 'hydration',
    title: 'Refill your water bottle',
    content: 'Keep a full bottle next to your chair so a drink is always within reach, {name}.',
  },
  {
    topic: 'medication',
    title: 'Medication reminder',
    content:
      'Take your pain relief as prescribed, before exercises rather than after, so you can move more comfortably.',
    phases: ['early', 'mid'],
  },
  {
    topic: 'medication',
    title: 'Blood thinner check',
    content:
      'Remember your blood-thinning tablet today. It protects against clots while you are less mobile.',
    phases: ['early'],
    joints: ['hip', 'knee'],
  },
  {
    topic: 'medication',
    title: 'Review your medicines',
    content:
      'Bring all your current medicines, including supplements, to your pre-operative assessment.',
    phases: ['pre-op'],
  },
  {
    topic: 'pain',
    title: 'Ice and elevate',
    content:
      'After exercise, raise your leg above heart level and apply a cold pack for 15 to 20 minutes.',
    phases: ['early', 'mid'],
    joints: ['hip', 'knee'],
  },
  {
    topic: 'pain',
    title: 'Log your pain score',
    content:
      'How is your pain today? A quick score in the app helps your care team adjust your plan.',
  },
  {
    topic: 'wound',
    title: 'Check your incision',
    content:
      'Look at your wound today. Call the clinic if you notice spreading redness, warmth, discharge or a fever.',
    phases: ['early'],
  },
  {
    topic: 'nutrition',
    title: 'Protein helps healing',
    content: 'Include a source of protein with each meal, such as eggs, fish, beans or yoghurt.',
  },
  {
    topic: 'nutrition',
    title: 'Fibre and fruit',
    content:
      'Pain medicine can slow digestion. Fruit, vegetables and whole grains help keep things moving.',
    phases: ['early', 'mid'],
  },
  {
    topic: 'mood',
    title: 'How are you feeling?',
    content: 'Recovery has good days and hard days. Take a moment to record your mood in the app.',
  },
  {
    topic: 'mood',
    title: 'Celebrate progress',
    content: 'Look back at where you were a few weeks ago, {name}. Every small gain counts.',
    phases: ['mid', 'late'],
  },
  {
    topic: 'mood',
    title: 'Feeling nervous about surgery?',
    content:
      'It is normal to feel anxious before an operation. Your coach is happy to talk it through with you.',
    phases: ['pre-op'],
  },
  {
    topic: 'safety',
    title: 'Prevent falls at home',
    content:
      'Clear loose rugs and cables from walkways and keep a night light on between bedroom and bathroom.',
    phases: ['pre-op', 'early'],
  },
  {
    topic: 'survey',
    title: 'Your survey is ready',
    content: 'Please complete your recovery questionnaire in the app. It takes about five minutes.',
  },
  {
    topic: 'weight',
    title: 'Step on the scale',
    content: 'A weekly weigh-in at the same time of day gives your care team a clear trend.',
  },
  {
    topic: 'activity',
    title: 'Break up sitting time',
    content:
      'Stand up and move for a couple of minutes every hour. Your joints and circulation will thank you.',
  },
  {
    topic: 'activity',
    title: 'Try a stationary bike',
    content: 'Gentle cycling with no resistance for {minutes} minutes improves range of motion.',
    phases: ['mid', 'late'],
    joints: ['knee', 'hip'],
  },
  {
    topic: 'activity',
    title: 'Keep the momentum',
    content: 'You have been active for {minutes} minutes on most days this week. Keep it up!',
    phases: ['mid', 'late'],
  },
];

/** Notification times clinicians schedule most often (local time of day). */
export const NUDGE_SEND_TIMES = [
  '07:30:00',
  '08:00:00',
  '09:00:00',
  '10:30:00',
  '12:00:00',
  '14:00:00',
  '17:30:00',
  '19:00:00',
  '20:30:00',
] as const;
