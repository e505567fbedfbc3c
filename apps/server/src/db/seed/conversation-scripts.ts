import type { ConversationMarker } from '@recovery-portal/contract/conversations';
import type { Joint, Phase, SafetyFinding } from './programme-plan';

/**
 * Building blocks of coach conversations. Text may use {name}, {joint}, {steps}, {goal},
 * {pain} and {sleep}; the generator fills them from the participant's day.
 */
export interface ScriptLine {
  coach: boolean;
  text: string;
}

export interface ConversationTopic {
  key: string;
  phases?: readonly Phase[];
  joints?: readonly Joint[];
  lines: readonly ScriptLine[];
  summary: string;
  patientSummary: string;
  markers: readonly ConversationMarker[];
  nextBestAction: string;
}

const coach = (text: string): ScriptLine => ({ coach: true, text });
const participant = (text: string): ScriptLine => ({ coach: false, text });

export const GREETINGS: readonly (readonly ScriptLine[])[] = [
  [
    coach('Hi {name}, it is your coach checking in. How are you doing today?'),
    participant('Hi! Doing okay, thanks.'),
  ],
  [
    coach('Good morning {name}! How has your week been?'),
    participant('Not bad, a bit tired but getting there.'),
  ],
  [
    coach('Hello {name}, thanks for making time to chat. How is the {joint} today?'),
    participant('Hello. It is a little better than last week.'),
  ],
];

export const CLOSINGS: readonly (readonly ScriptLine[])[] = [
  [
    coach('Thanks {name}, that is really helpful. Message me any time in the app.'),
    participant('Thank you, talk soon!'),
  ],
  [
    coach('Great talking with you. I will check in again in a few days.'),
    participant('Sounds good, bye for now.'),
  ],
];

export const TOPICS: readonly ConversationTopic[] = [
  {
    key: 'walking-progress',
    phases: ['early', 'mid', 'late'],
    lines: [
      coach('How has walking been this week?'),
      participant(
        'Better! I managed about {steps} steps yesterday, though I still take the cane outdoors.',
      ),
      coach(
        'That is real progress. Shall we aim for {goal} steps a day this week, in two or three shorter walks?',
      ),
      participant('Yes, that sounds doable.'),
    ],
    summary:
      'Walking is improving (about {steps} steps a day, cane outdoors); agreed a goal of {goal} steps a day split into shorter walks.',
    patientSummary:
      'You are walking about {steps} steps a day. Your goal this week is {goal} steps, split into two or three shorter walks.',
    markers: [
      { content: 'walking improving', type: 'activity' },
      { content: 'uses cane outdoors', type: 'mobility' },
    ],
    nextBestAction:
      'Review the step trend next week and discuss walking outdoors without the cane.',
  },
  {
    key: 'knee-stiffness',
    phases: ['early', 'mid'],
    joints: ['knee'],
    lines: [
      participant('My knee feels really stiff in the mornings, especially when I first get up.'),
      coach(
        'Morning stiffness is very common. Try a few heel slides before you get out of bed, and a warm shower before your exercises.',
      ),
      participant('I will try that tomorrow.'),
    ],
    summary:
      'Reports morning knee stiffness limiting the first steps of the day; advised heel slides before rising and warmth before exercises.',
    patientSummary:
      'Your knee is stiff in the mornings. Try heel slides before getting up and a warm shower before exercising.',
    markers: [{ content: 'knee stiffness', type: 'symptom' }],
    nextBestAction: 'Physiotherapist to measure knee flexion at the next visit.',
  },
  {
    key: 'hip-precautions',
    phases: ['early'],
    joints: ['hip'],
    lines: [
      participant('Can I sleep on my side yet? Lying on my back all night is uncomfortable.'),
      coach(
        'You can lie on the non-operated side with a pillow between your knees. Keep avoiding deep bending and crossing your legs for now.',
      ),
      participant('Good to know, thank you.'),
    ],
    summary:
      'Asked about sleeping positions; reinforced hip precautions and advised a pillow between the knees when side-lying.',
    patientSummary:
      'You may sleep on your non-operated side with a pillow between your knees. Keep following your hip precautions.',
    markers: [{ content: 'question about hip precautions', type: 'education' }],
    nextBestAction: 'Confirm at the 6-week review when hip precautions can be relaxed.',
  },
  {
    key: 'pain-management',
    phases: ['early', 'mid'],
    lines: [
      coach('How is the pain around your exercises?'),
      participant(
        'It goes up to about {pain} out of 10 afterwards, then settles after an hour or so.',
      ),
      coach(
        'Try taking your pain relief about 30 minutes before exercising, and ice and elevate afterwards.',
      ),
      participant('I have been taking it after, so I will switch that round.'),
    ],
    summary:
      'Pain peaks around {pain}/10 after exercises and settles within an hour; advised timing analgesia before exercise plus ice and elevation.',
    patientSummary:
      'Your pain reaches about {pain}/10 after exercise. Take your pain relief 30 minutes before exercising and ice afterwards.',
    markers: [
      { content: 'pain after exercises', type: 'symptom' },
      { content: 'analgesia timing', type: 'medication' },
    ],
    nextBestAction: 'Review the analgesia plan if reported pain stays above 6/10 next week.',
  },
  {
    key: 'sleep',
    lines: [
      coach('How are you sleeping at the moment?'),
      participant('Only about {sleep} hours. I wake up whenever I turn over.'),
      coach(
        'That is tough. A regular bedtime, no screens for the last half hour and pain relief before bed can all help.',
      ),
      participant('I will try to keep to the same bedtime.'),
    ],
    summary:
      'Sleeping about {sleep} hours with frequent waking from discomfort; discussed sleep routine and evening pain relief.',
    patientSummary:
      'You are sleeping about {sleep} hours. Keep a regular bedtime, avoid screens late and take pain relief before bed.',
    markers: [{ content: 'poor sleep', type: 'sleep' }],
    nextBestAction: 'Enrol in the sleep hygiene module and re-check sleep duration in one week.',
  },
  {
    key: 'swelling',
    phases: ['early', 'mid'],
    joints: ['knee', 'hip'],
    lines: [
      participant('The {joint} swells up by the evening, especially after a busy day.'),
      coach(
        'Some swelling is expected. Raise your leg above heart level and ice for 15 minutes. Tell us straight away if your calf becomes painful or hot.',
      ),
      participant('Okay, no calf pain so far.'),
    ],
    summary:
      'Evening {joint} swelling after activity, no calf pain; advised elevation and ice and explained warning signs of a clot.',
    patientSummary:
      'Evening swelling is expected. Elevate and ice your leg, and call us if your calf becomes painful or hot.',
    markers: [{ content: '{joint} swelling', type: 'symptom' }],
    nextBestAction: 'Check swelling at the next visit; escalate if calf pain develops.',
  },
  {
    key: 'hydration',
    lines: [
      coach('How much water are you drinking in a day?'),
      participant('Probably only two or three glasses, I forget.'),
      coach(
        'Try keeping a bottle by your chair and aim for six to eight glasses. It also helps with constipation from the pain tablets.',
      ),
    ],
    summary:
      'Low fluid intake (two to three glasses a day); encouraged six to eight glasses and a water bottle within reach.',
    patientSummary: 'Aim for six to eight glasses of water a day and keep a bottle within reach.',
    markers: [{ content: 'low fluid intake', type: 'nutrition' }],
    nextBestAction: 'Send hydration nudges in the afternoon for two weeks.',
  },
  {
    key: 'low-mood',
    lines: [
      participant('Honestly I have been feeling a bit low. Recovery is slower than I hoped.'),
      coach(
        'Thank you for telling me. Many people feel that way around now. Would it help to look at how far you have come since the operation?',
      ),
      participant('Maybe. I just want to get back to normal.'),
      coach('Let us set one small goal for this week, and I will check in on Friday.'),
    ],
    summary:
      'Participant feels low and frustrated with the pace of recovery; reviewed progress and agreed one small weekly goal.',
    patientSummary:
      'Feeling low during recovery is common. You and your coach agreed one small goal for this week.',
    markers: [
      { content: 'low mood', type: 'mood' },
      { content: 'frustrated with recovery pace', type: 'mood' },
    ],
    nextBestAction: 'Screen for depression (PHQ-2) at the next contact.',
  },
  {
    key: 'wound',
    phases: ['early'],
    joints: ['knee', 'hip'],
    lines: [
      coach('How does the incision look?'),
      participant('Clean and dry. The dressing came off on Monday.'),
      coach('Good. Keep an eye out for redness, warmth or discharge.'),
    ],
    summary: 'Incision clean and dry, dressing removed; reminded of the signs of wound infection.',
    patientSummary: 'Your wound is healing well. Watch for redness, warmth or discharge.',
    markers: [{ content: 'incision healing well', type: 'wound' }],
    nextBestAction: 'No action needed; routine wound check at the 2-week visit.',
  },
  {
    key: 'missed-physio',
    phases: ['early', 'mid'],
    lines: [
      participant('I missed physio on Tuesday, I could not get a lift.'),
      coach('Let us get that rebooked. Would a morning slot or a home visit be easier?'),
      participant('A morning slot would be best.'),
    ],
    summary: 'Missed a physiotherapy session because of transport; will rebook a morning slot.',
    patientSummary:
      'You missed a physiotherapy session. Your coach will help rebook a morning appointment.',
    markers: [
      { content: 'missed physiotherapy session', type: 'adherence' },
      { content: 'transport barrier', type: 'social' },
    ],
    nextBestAction: 'Rebook physiotherapy and refer to patient transport services.',
  },
  {
    key: 'medication-adherence',
    lines: [
      participant('I sometimes forget the evening tablet.'),
      coach(
        'A reminder in the app at the same time every evening can help. Shall I set one up for 8 pm?',
      ),
      participant('Yes please.'),
    ],
    summary: 'Occasionally misses the evening dose; agreed a daily 8 pm medication reminder.',
    patientSummary: 'You will get a medication reminder at 8 pm every evening.',
    markers: [{ content: 'missed evening medication', type: 'medication' }],
    nextBestAction: 'Confirm the medication reminder is working at the next check-in.',
  },
  {
    key: 'surgery-preparation',
    phases: ['pre-op'],
    lines: [
      participant('What should I get ready at home before the operation?'),
      coach(
        'Move everyday things to waist height, clear rugs from walkways, and arrange a firm chair with arms. I will send you the checklist.',
      ),
      participant('That is helpful, thank you.'),
    ],
    summary:
      'Preparing for surgery; discussed home set-up (waist-height storage, clear walkways, firm chair) and sent the checklist.',
    patientSummary:
      'Get your home ready: keep things at waist height, clear walkways and have a firm chair with arms.',
    markers: [{ content: 'preparing home for surgery', type: 'education' }],
    nextBestAction:
      'Confirm the pre-operative assessment date and send the home preparation checklist.',
  },
  {
    key: 'surgery-anxiety',
    phases: ['pre-op'],
    lines: [
      participant('I am quite nervous about the operation, to be honest.'),
      coach('That is completely normal. Would it help to go through what happens on the day?'),
      participant('Yes, I think knowing what to expect would help.'),
    ],
    summary:
      'Anxious about the upcoming operation; walked through the day of surgery and the first days of recovery.',
    patientSummary:
      'Feeling nervous before surgery is normal. Your coach explained what happens on the day.',
    markers: [{ content: 'anxious about surgery', type: 'mood' }],
    nextBestAction:
      'Offer the pre-operative education session and a call with the nurse navigator.',
  },
  {
    key: 'return-to-activity',
    phases: ['late'],
    lines: [
      participant('I would love to get back to gardening properly this spring.'),
      coach(
        'That is a great goal. Start with short sessions using a kneeling pad and a stool, and build up over a few weeks.',
      ),
    ],
    summary:
      'Recovery well advanced; goal to return to gardening, advised graded sessions with kneeling pad and stool.',
    patientSummary:
      'Return to gardening gradually, starting with short sessions and a kneeling pad.',
    markers: [{ content: 'goal: return to gardening', type: 'goal' }],
    nextBestAction: 'Add a gardening-specific strength plan to the home programme.',
  },
  {
    key: 'weight-goal',
    lines: [
      participant('I would like to lose a bit of weight to take the pressure off my joints.'),
      coach(
        'Good idea. Small swaps help most, for example smaller portions at dinner and water instead of sugary drinks.',
      ),
    ],
    summary:
      'Motivated to lose weight to protect the joints; discussed portion size and sugary drinks.',
    patientSummary:
      'Small changes such as smaller dinner portions and water instead of sugary drinks can help you lose weight.',
    markers: [{ content: 'wants to lose weight', type: 'goal' }],
    nextBestAction: 'Offer a referral to the dietitian-led weight programme.',
  },
  {
    key: 'cardiac-rehab',
    joints: ['heart'],
    lines: [
      coach('How are the cardiac rehab classes going?'),
      participant('I went twice this week. The walking part is getting easier.'),
      coach(
        'Excellent. Keep to the effort level the team set, where you can still talk while exercising.',
      ),
    ],
    summary: 'Attending cardiac rehabilitation twice a week with improving exercise tolerance.',
    patientSummary: 'Keep going to cardiac rehab and exercise at a level where you can still talk.',
    markers: [{ content: 'attending cardiac rehab', type: 'adherence' }],
    nextBestAction: 'Continue the programme; review exercise tolerance at the next clinic visit.',
  },
];

/** A red-flag check whose answer is a negation, so a naive search for 'chest pain' misfires. */
export const NEGATIVE_SAFETY_SCREEN: Omit<ConversationTopic, 'key'> = {
  lines: [
    coach(
      'Before we finish: any chest pain, shortness of breath, fever or falls since we last spoke?',
    ),
    participant('No chest pain today, and no fever. Breathing is fine and I have not fallen.'),
  ],
  summary: 'Red-flag screen negative.',
  patientSummary: 'You reported no warning symptoms.',
  markers: [{ content: 'red-flag screen negative', type: 'safety' }],
  nextBestAction: '',
};

export interface SafetyScript extends Omit<ConversationTopic, 'key'> {
  finding: SafetyFinding;
  /** Marker Membership topic for the finding. */
  membershipTopic: string;
}

export const SAFETY_SCRIPTS: Record<SafetyFinding, SafetyScript> = {
  'chest pain': {
    finding: 'chest pain',
    membershipTopic: 'Cardiac',
    lines: [
      participant(
        'Actually, I had some chest pain last night climbing the stairs. It went away after a few minutes of rest.',
      ),
      coach(
        'Thank you for telling me. Chest pain needs checking today. If it comes back or lasts more than a few minutes, call 911 straight away. I am flagging this to your care team now.',
      ),
      participant('Okay, I will keep my phone with me.'),
    ],
    summary:
      'Reported chest pain on exertion last night, resolved with rest; escalated to the care team and advised to call 911 if it recurs.',
    patientSummary:
      'You told your coach about chest pain. Your care team will call you today. Call 911 if it comes back.',
    markers: [
      { content: 'chest pain', type: 'safety' },
      { content: 'symptoms on exertion', type: 'symptom' },
    ],
    nextBestAction:
      'Clinician to call the participant today to assess chest pain; consider a same-day ECG.',
  },
  'shortness of breath': {
    finding: 'shortness of breath',
    membershipTopic: 'Respiratory',
    lines: [
      participant('I get short of breath just walking to the mailbox, much more than before.'),
      coach(
        'That is important. New breathlessness after surgery must be checked today. I am letting the clinical team know; if it gets worse or you have chest pain, call 911.',
      ),
    ],
    summary: 'New shortness of breath on minimal exertion; escalated for same-day clinical review.',
    patientSummary: 'You reported new shortness of breath. Your care team will contact you today.',
    markers: [{ content: 'shortness of breath', type: 'safety' }],
    nextBestAction:
      'Same-day clinical review for shortness of breath; rule out pulmonary embolism.',
  },
  fall: {
    finding: 'fall',
    membershipTopic: 'Falls',
    lines: [
      participant(
        'I had a fall in the bathroom yesterday. I slipped on the mat but managed to get up.',
      ),
      coach(
        'I am sorry to hear that. Did you hurt your {joint} or hit your head? I will ask the team to check on you.',
      ),
      participant('Just bruised my arm, the {joint} feels the same.'),
    ],
    summary:
      'Fall in the bathroom yesterday (slipped on a mat), bruised arm, no head injury reported; team asked to review.',
    patientSummary:
      'You told your coach about a fall. The team will check your {joint} and suggest ways to prevent falls.',
    markers: [
      { content: 'fall', type: 'safety' },
      { content: 'bathroom mat hazard', type: 'home safety' },
    ],
    nextBestAction:
      'Check the operated joint for injury and refer for a home safety and falls-prevention assessment.',
  },
  fever: {
    finding: 'fever',
    membershipTopic: 'Infection',
    lines: [
      participant('I have had a fever of 38.4 since this morning and the wound feels warm.'),
      coach(
        'Thank you. A fever with a warm wound needs to be seen today. I am contacting the clinic now so they can arrange an urgent review.',
      ),
    ],
    summary: 'Fever of 38.4 °C with a warm wound; urgent same-day wound review arranged.',
    patientSummary: 'You have a fever and a warm wound. The clinic will see you today.',
    markers: [
      { content: 'fever', type: 'safety' },
      { content: 'warm wound', type: 'wound' },
    ],
    nextBestAction: 'Urgent wound review today to rule out infection.',
  },
};
