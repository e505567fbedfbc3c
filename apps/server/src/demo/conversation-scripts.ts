import type { ConversationMarker } from '@recovery-portal/contract/conversations';
import type { Joint } from '#app/core/surveys/programme-surveys';
import type { Phase, SafetyFinding } from './programme-plan';

/**
 * Building blocks of coach conversations. A line offers several wordings, one chosen per
 * conversation, so two participants rarely say the same sentence. Text may use the facts of the
 * participant's day ({name}, {joint}, {operated}, {otherSide}, {steps}, {goal}, {pain}, {sleep},
 * {missedDay}, {temperature}) and the phrases below ({when}, {exertion} …), each chosen once per
 * conversation so the transcript, the summaries and the markers tell the same story.
 */
export interface ScriptLine {
  coach: boolean;
  text: readonly string[];
}

/** What a topic may need to be true of the participant on the day to be believable. */
export interface TopicNeeds {
  phases?: readonly Phase[];
  joints?: readonly Joint[];
  /** 'slow': only those who do not improve; 'expected': only those who do. */
  course?: 'slow' | 'expected';
  /** Facts the lines quote, which must exist in the participant's data. */
  facts?: readonly ('steps' | 'pain' | 'sleep')[];
  /** Only with a body mass index at or above this. */
  minBmi?: number;
  /** Only when yesterday's pain check-in was at least this (advice on pain relief). */
  minPain?: number;
  /** Only from this many days after surgery (the dressing comes off at the two-week visit). */
  fromDay?: number;
}

export interface ConversationTopic extends TopicNeeds {
  key: string;
  lines: readonly ScriptLine[];
  summary: string;
  patientSummary: string;
  markers: readonly ConversationMarker[];
  nextBestAction: string;
}

const coach = (...text: string[]): ScriptLine => ({ coach: true, text });
const participant = (...text: string[]): ScriptLine => ({ coach: false, text });

/** Phrases chosen once per conversation, so every place that names them agrees. */
export const PHRASES: Record<string, readonly string[]> = {
  when: [
    'last night',
    'yesterday evening',
    'this morning',
    'yesterday afternoon',
    'earlier today',
    'the day before yesterday',
  ],
  exertion: [
    'climbing the stairs',
    'carrying the shopping in',
    'walking up the hill to the shops',
    'during the home exercises',
    'hanging out the washing',
    'getting out of the car',
    'pushing the vacuum cleaner',
  ],
  eased: ['a few minutes', 'five minutes or so', 'about ten minutes', 'a couple of minutes'],
  breathless: [
    'walking to the mailbox',
    'getting dressed',
    'going up the stairs',
    'walking to the kitchen',
    'having a shower',
    'making the bed',
    'walking to the car',
  ],
  onset: ['two days ago', 'yesterday', 'over the weekend', 'a few days ago', 'last night'],
  breathlessToo: [
    '',
    ' I have to stop halfway.',
    ' I need to sit down afterwards.',
    ' It takes a while to get my breath back.',
  ],
  fallUp: [
    'on my own',
    'with the help of a chair',
    'after a few minutes',
    'once my neighbour came round',
  ],
  feverToo: [
    '',
    ' I feel shivery.',
    ' I have had the chills all day.',
    ' I was sweating in the night.',
  ],
  fall: [
    'slipped on the bath mat',
    'caught my foot on the back step',
    'tripped over the hose in the garden',
    'lost my balance getting out of bed',
    'missed the bottom stair',
    'tripped on the edge of a rug',
    'slid off the edge of the bed',
  ],
  bruise: ['bruised my arm', 'grazed my hand', 'banged my elbow', 'bruised my shoulder'],
  hobby: [
    'gardening',
    'golf',
    'swimming',
    'dancing',
    'walking with my club',
    'looking after my grandchildren',
  ],
  tip: [
    'a long-handled reacher for the low shelves',
    'a raised toilet seat',
    'a shower chair',
    'a firm cushion for the armchair',
  ],
};

export const GREETINGS: readonly (readonly ScriptLine[])[] = [
  [
    coach(
      'Hi {name}, it is your coach checking in. How are you doing today?',
      'Hello {name}, your coach here. How are things?',
      'Hi {name}, how has today been so far?',
    ),
    participant('Hi! Doing okay, thanks.', 'Not too bad, thank you.', 'Hello. Fine, mostly.'),
  ],
  [
    coach('Good morning {name}! How has your week been?', 'Morning {name}, how is the week going?'),
    participant(
      'Not bad, a bit tired but getting there.',
      'Busy, but okay.',
      'Quiet week, which is probably a good thing.',
    ),
  ],
];

/** Greetings that ask about the operated joint, answered as the participant's course goes. */
export const RECOVERY_GREETINGS: Record<'expected' | 'slow', readonly ScriptLine[]> = {
  expected: [
    coach(
      'Hello {name}, thanks for making time to chat. How is the {joint} today?',
      'Hi {name}. How is your {joint} doing?',
    ),
    participant(
      'It is a little better than last week.',
      'Better, thanks. Each week is a bit easier.',
      'Getting there. Less sore than it was.',
    ),
  ],
  slow: [
    coach(
      'Hello {name}, thanks for making time to chat. How is the {joint} today?',
      'Hi {name}. How is your {joint} doing?',
    ),
    participant(
      'Honestly, about the same as before the operation.',
      'Still sore. I expected it to be better by now.',
      'Not much change, if I am honest.',
    ),
  ],
};

export const CLOSINGS: readonly (readonly ScriptLine[])[] = [
  [
    coach(
      'Thanks {name}, that is really helpful. Message me any time in the app.',
      'Thank you {name}. You can message me in the app whenever you need.',
    ),
    participant('Thank you, talk soon!', 'Will do, thanks.', 'Thanks, bye.'),
  ],
  [
    coach(
      'Great talking with you. I will check in again in a few days.',
      'Lovely to catch up. Speak again later in the week.',
    ),
    participant('Sounds good, bye for now.', 'Okay, speak then.', 'Thanks, take care.'),
  ],
];

export const TOPICS: readonly ConversationTopic[] = [
  {
    key: 'walking-progress',
    phases: ['early', 'mid', 'late'],
    course: 'expected',
    facts: ['steps'],
    lines: [
      coach('How has walking been this week?', 'How are you getting on with walking?'),
      participant(
        'Better! My tracker says about {steps} steps yesterday.',
        'Yesterday I managed about {steps} steps, the most in a while.',
        'Getting easier. About {steps} steps yesterday, according to the watch.',
      ),
      coach(
        'That is real progress. Shall we aim for {goal} steps a day this week, in two or three shorter walks?',
        'Well done. How about {goal} steps a day this week, split into shorter walks?',
      ),
      participant('Yes, that sounds doable.', 'I can try that.', 'Okay, I will give it a go.'),
    ],
    summary:
      'Walking is improving (about {steps} steps yesterday); agreed a goal of {goal} steps a day split into shorter walks.',
    patientSummary:
      'You walked about {steps} steps yesterday. Your goal this week is {goal} steps a day, split into two or three shorter walks.',
    markers: [{ content: 'walking improving', type: 'activity' }],
    nextBestAction: 'Review the step trend next week.',
  },
  {
    key: 'walking-stalled',
    phases: ['early', 'mid', 'late'],
    course: 'slow',
    facts: ['steps'],
    lines: [
      coach('How has walking been this week?', 'How are you getting on with walking?'),
      participant(
        'Not great. Only about {steps} steps yesterday, and I had to stop and rest.',
        'About {steps} steps yesterday. I cannot seem to do more than that.',
        'The {joint} stops me. The tracker said {steps} steps yesterday.',
      ),
      coach(
        'Thank you for being honest. Let us keep to short walks you can manage and ask the team to look at why progress has stalled.',
        'That is useful to know. I will ask your care team to review your progress, and meanwhile short, regular walks are best.',
      ),
    ],
    summary:
      'Walking has stalled (about {steps} steps yesterday, needs rests); asked the care team to review slow progress.',
    patientSummary:
      'You walked about {steps} steps yesterday. Keep to short, regular walks; your care team will review your progress.',
    markers: [
      { content: 'walking not improving', type: 'activity' },
      { content: 'slow recovery', type: 'progress' },
    ],
    nextBestAction: 'Clinician to review slow recovery and consider a physiotherapy reassessment.',
  },
  {
    key: 'walking-aid',
    phases: ['early', 'mid'],
    joints: ['knee', 'hip'],
    lines: [
      participant(
        'I am still on two crutches indoors. When can I go down to one?',
        'Can I swap the crutches for a stick yet?',
      ),
      coach(
        'When you can walk without limping on two, your physiotherapist will move you to one, held in the hand opposite your {operated}.',
        'Your physiotherapist will decide at the next session. A stick goes in the hand opposite your {operated}.',
      ),
    ],
    summary:
      'Asked about stepping down from crutches; explained the stick goes opposite the {operated}.',
    patientSummary:
      'Your physiotherapist will tell you when to use one crutch or a stick, held opposite your {operated}.',
    markers: [{ content: 'walking aid question', type: 'mobility' }],
    nextBestAction: 'Physiotherapist to assess gait and the step down to one walking aid.',
  },
  {
    key: 'knee-stiffness',
    phases: ['early', 'mid'],
    joints: ['knee'],
    lines: [
      participant(
        'My {operated} feels really stiff in the mornings, especially when I first get up.',
        'The {operated} is stiff first thing and takes a while to loosen up.',
        'Bending my {operated} is hard in the morning.',
      ),
      coach(
        'Morning stiffness is very common. Try a few heel slides before you get out of bed, and a warm shower before your exercises.',
        'That is common at this stage. Heel slides in bed and a warm shower before the exercises usually help.',
      ),
      participant('I will try that tomorrow.', 'Okay, I will try the heel slides.'),
    ],
    summary:
      'Reports morning stiffness of the {operated}; advised heel slides before rising and warmth before exercises.',
    patientSummary:
      'Your {operated} is stiff in the mornings. Try heel slides before getting up and a warm shower before exercising.',
    markers: [{ content: 'knee stiffness', type: 'symptom' }],
    nextBestAction: 'Physiotherapist to measure knee flexion at the next visit.',
  },
  {
    key: 'hip-precautions',
    phases: ['early'],
    joints: ['hip'],
    lines: [
      participant(
        'Can I sleep on my side yet? Lying on my back all night is uncomfortable.',
        'Is it safe to sleep on my side now?',
      ),
      coach(
        'You can lie on your {otherSide} side with a pillow between your knees. Keep avoiding deep bending and crossing your legs for now.',
        'Yes, on your {otherSide} side, with a pillow between your knees. No crossing your legs yet.',
      ),
      participant('Good to know, thank you.', 'That will help, thanks.'),
    ],
    summary:
      'Asked about sleeping positions; reinforced hip precautions and advised lying on the {otherSide} side with a pillow between the knees.',
    patientSummary:
      'You may sleep on your {otherSide} side with a pillow between your knees. Keep following your hip precautions.',
    markers: [{ content: 'question about hip precautions', type: 'education' }],
    nextBestAction: 'Confirm at the 6-week review when hip precautions can be relaxed.',
  },
  {
    key: 'pain-management',
    phases: ['early', 'mid', 'late'],
    facts: ['pain'],
    minPain: 3,
    lines: [
      coach('How is the pain around your exercises?', 'How is your pain at the moment?'),
      participant(
        'I logged {pain} out of 10 last night, and it goes up a bit after the exercises.',
        'Yesterday evening it was {pain} out of 10 when I did the check-in.',
        'About {pain} out of 10 at the end of the day, I put it in the app.',
      ),
      coach(
        'Try taking your pain relief about 30 minutes before exercising, and ice and elevate afterwards.',
        'Taking the pain relief half an hour before the exercises, then ice afterwards, often helps.',
      ),
      participant('I have been taking it after, so I will switch that round.', 'I will try that.'),
    ],
    summary:
      'Pain {pain}/10 at yesterday evening check-in, worse after exercises; advised timing analgesia before exercise plus ice and elevation.',
    patientSummary:
      'You reported pain of {pain}/10. Take your pain relief 30 minutes before exercising and ice afterwards.',
    markers: [
      { content: 'pain after exercises', type: 'symptom' },
      { content: 'analgesia timing', type: 'medication' },
    ],
    nextBestAction: 'Review the analgesia plan if reported pain stays above 6/10 next week.',
  },
  {
    key: 'sleep',
    facts: ['sleep'],
    lines: [
      coach('How are you sleeping at the moment?', 'How was your sleep last night?'),
      participant(
        'Only about {sleep} hours last night. I wake up whenever I turn over.',
        'The tracker says {sleep} hours. I keep waking up.',
        'About {sleep} hours, broken sleep again.',
      ),
      coach(
        'That is tough. A regular bedtime, no screens for the last half hour and pain relief before bed can all help.',
        'A regular bedtime and pain relief before bed can make a difference. No screens in the last half hour, too.',
      ),
      participant('I will try to keep to the same bedtime.', 'I will try that this week.'),
    ],
    summary:
      'Slept about {sleep} hours last night with frequent waking; discussed sleep routine and evening pain relief.',
    patientSummary:
      'You slept about {sleep} hours. Keep a regular bedtime, avoid screens late and take pain relief before bed.',
    markers: [{ content: 'poor sleep', type: 'sleep' }],
    nextBestAction: 'Enrol in the sleep hygiene module and re-check sleep duration in one week.',
  },
  {
    key: 'swelling',
    phases: ['early', 'mid'],
    joints: ['knee', 'hip'],
    lines: [
      participant(
        'The {operated} swells up by the evening, especially after a busy day.',
        'My {operated} is puffy at night.',
      ),
      coach(
        'Some swelling is expected. Raise your leg above heart level and ice for 15 minutes. Tell us straight away if your calf becomes painful or hot.',
        'That is normal at this stage. Elevate and ice it, and call us straight away if the calf gets painful or hot.',
      ),
      participant('Okay, no calf pain so far.', 'Will do. The calf feels fine.'),
    ],
    summary:
      'Evening swelling of the {operated} after activity, no calf pain; advised elevation and ice and explained warning signs of a clot.',
    patientSummary:
      'Evening swelling is expected. Elevate and ice your leg, and call us if your calf becomes painful or hot.',
    markers: [{ content: '{joint} swelling', type: 'symptom' }],
    nextBestAction: 'Check swelling at the next visit; escalate if calf pain develops.',
  },
  {
    key: 'hydration',
    lines: [
      coach('How much water are you drinking in a day?', 'Are you drinking enough?'),
      participant(
        'Probably only two or three glasses, I forget.',
        'Not much, to be honest. Mostly tea.',
      ),
      coach(
        'Try keeping a bottle by your chair and aim for six to eight glasses. It also helps with constipation from the pain tablets.',
        'Aim for six to eight glasses a day; a bottle within reach makes it easier.',
      ),
    ],
    summary:
      'Low fluid intake; encouraged six to eight glasses a day and a water bottle within reach.',
    patientSummary: 'Aim for six to eight glasses of water a day and keep a bottle within reach.',
    markers: [{ content: 'low fluid intake', type: 'nutrition' }],
    nextBestAction: 'Send hydration nudges in the afternoon for two weeks.',
  },
  {
    key: 'low-mood',
    phases: ['early', 'mid', 'late'],
    // 'Slower than I hoped' belongs to those whose recovery is slow.
    course: 'slow',
    lines: [
      participant(
        'Honestly I have been feeling a bit low. Recovery is slower than I hoped.',
        'I am fed up, to be honest. I thought I would be further along by now.',
        'Some days I wonder whether the operation was worth it.',
      ),
      coach(
        'Thank you for telling me. Many people feel that way. Would it help to look at what you can do now that you could not before?',
        'That is a hard feeling, and a common one. Let us look at the small things that have changed.',
      ),
      participant('Maybe. I just want to get back to normal.', 'I suppose so.'),
      coach(
        'Let us set one small goal for this week, and I will check in again in a few days.',
        'Shall we pick one small goal for this week? I will check in on how it goes.',
      ),
    ],
    summary:
      'Feels low and frustrated with the pace of recovery; reviewed progress and agreed one small weekly goal.',
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
    fromDay: 15,
    joints: ['knee', 'hip'],
    lines: [
      coach('How does the incision look?', 'How is the wound healing?'),
      participant(
        'Clean and dry. The dressing came off at the two-week check.',
        'It looks good. The nurse took the dressing off at the two-week visit.',
      ),
      coach(
        'Good. Keep an eye out for redness, warmth or discharge.',
        'Great. Tell us if you notice redness, warmth or any discharge.',
      ),
    ],
    summary:
      'Incision over the {operated} clean and dry, dressing removed at the two-week visit; reminded of the signs of wound infection.',
    patientSummary: 'Your wound is healing well. Watch for redness, warmth or discharge.',
    markers: [{ content: 'incision healing well', type: 'wound' }],
    nextBestAction: 'No action needed; routine wound check at the 6-week visit.',
  },
  {
    key: 'missed-physio',
    phases: ['early', 'mid'],
    fromDay: 7,
    joints: ['knee', 'hip'],
    lines: [
      participant(
        'I missed physio on {missedDay}, I could not get a lift.',
        'I had to cancel physio on {missedDay}. My daughter could not drive me.',
      ),
      coach(
        'Let us get that rebooked. Would a morning slot or a home visit be easier?',
        'I will help rebook it. Is a morning or afternoon easier for transport?',
      ),
      participant('A morning slot would be best.', 'Mornings, please.'),
    ],
    summary:
      'Missed physiotherapy on {missedDay} because of transport; will rebook a morning slot.',
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
      participant('I sometimes forget the evening tablet.', 'I keep missing my evening tablets.'),
      coach(
        'A reminder in the app at the same time every evening can help. Shall I set one up for 8 pm?',
        'Would a daily reminder at 8 pm in the app help?',
      ),
      participant('Yes please.', 'That would help, thanks.'),
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
      participant(
        'What should I get ready at home before the operation?',
        'Is there anything I should sort out at home before I go in?',
      ),
      coach(
        'Move everyday things to waist height, clear rugs from walkways, and think about {tip}. I will send you the checklist.',
        'Clear the walkways, put everyday things at waist height, and {tip} is worth having. The checklist is on its way.',
      ),
      participant('That is helpful, thank you.', 'Good idea, thanks.'),
    ],
    summary:
      'Preparing for surgery; discussed home set-up (waist-height storage, clear walkways, {tip}) and sent the checklist.',
    patientSummary:
      'Get your home ready: keep things at waist height, clear walkways and consider {tip}.',
    markers: [{ content: 'preparing home for surgery', type: 'education' }],
    nextBestAction:
      'Confirm the pre-operative assessment date and send the home preparation checklist.',
  },
  {
    key: 'surgery-anxiety',
    phases: ['pre-op'],
    lines: [
      participant(
        'I am quite nervous about the operation, to be honest.',
        'The closer it gets, the more worried I am about the operation.',
      ),
      coach(
        'That is completely normal. Would it help to go through what happens on the day?',
        'Many people feel that. Shall we go through the day of surgery step by step?',
      ),
      participant('Yes, I think knowing what to expect would help.', 'Yes please.'),
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
    course: 'expected',
    lines: [
      participant(
        'I would love to get back to {hobby} properly.',
        'Do you think I could take up {hobby} again?',
      ),
      coach(
        'That is a great goal. Start with short sessions and build up over a few weeks.',
        'Yes, gradually. Short sessions first, then build up as the {joint} allows.',
      ),
    ],
    summary: 'Recovery well advanced; goal to return to {hobby}, advised a graded return.',
    patientSummary: 'Return to {hobby} gradually, starting with short sessions.',
    markers: [{ content: 'goal: return to {hobby}', type: 'goal' }],
    nextBestAction: 'Add a {hobby}-specific strength plan to the home programme.',
  },
  {
    key: 'weight-goal',
    minBmi: 27,
    lines: [
      participant(
        'I would like to lose a bit of weight to take the pressure off my joints.',
        'The doctor said losing some weight would help. Where do I start?',
      ),
      coach(
        'Good idea. Small swaps help most, for example smaller portions at dinner and water instead of sugary drinks.',
        'Small changes add up: smaller dinner portions and water instead of sugary drinks are a good start.',
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
    phases: ['early', 'mid', 'late'],
    joints: ['heart'],
    lines: [
      coach('How are the cardiac rehab classes going?', 'Did you get to cardiac rehab this week?'),
      participant(
        'I went twice this week. The walking part is getting easier.',
        'Yes, both sessions. I can do a bit more each time.',
      ),
      coach(
        'Excellent. Keep to the effort level the team set, where you can still talk while exercising.',
        'Well done. Remember to stay at a level where you can still hold a conversation.',
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
    participant(
      'No chest pain today, and no fever. Breathing is fine and I have not fallen.',
      'No chest pain today, no fever, no falls. Breathing is fine.',
    ),
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
  /** Findings that only make sense after the operation ('new since surgery', 'warm wound'). */
  afterSurgeryOnly: boolean;
}

export const SAFETY_SCRIPTS: Record<SafetyFinding, SafetyScript> = {
  'chest pain': {
    finding: 'chest pain',
    membershipTopic: 'Cardiac',
    afterSurgeryOnly: false,
    lines: [
      participant(
        'Actually, I had some chest pain {when} {exertion}. It went away after {eased} of rest.',
        'One thing: I got chest pain {when} {exertion}, like a pressure in the middle. It eased after {eased}.',
        'I was not going to mention it, but there was some chest pain {when} {exertion}. It settled after {eased} sitting down.',
        'My chest felt tight {when} {exertion}, a squeezing chest pain that lasted {eased}.',
      ),
      coach(
        'Thank you for telling me. Chest pain needs checking today. If it comes back or lasts more than a few minutes, call 911 straight away. I am flagging this to your care team now.',
        'I am glad you said. Chest pain has to be looked at today, so I am alerting your care team now. If it returns or lasts, call 911 at once.',
      ),
      participant('Okay, I will keep my phone with me.', 'Alright. I will stay near the phone.'),
    ],
    summary:
      'Reported chest pain {when} {exertion}, resolved after {eased} of rest; escalated to the care team and advised to call 911 if it recurs.',
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
    afterSurgeryOnly: true,
    lines: [
      participant(
        'I get short of breath just {breathless}, much more than before the operation. It started {onset}.{breathlessToo}',
        'I have been short of breath {breathless}. It started {onset} and it is not getting better.{breathlessToo}',
        'Since the operation I am more breathless, but {onset} it got worse: I am short of breath {breathless}.{breathlessToo}',
      ),
      coach(
        'That is important. New breathlessness after surgery must be checked today. I am letting the clinical team know; if it gets worse or you have chest pain, call 911.',
        'Thank you. Breathlessness that is new since the operation needs a same-day check, so I am telling the team now. Call 911 if it worsens.',
      ),
    ],
    summary:
      'New shortness of breath on minimal exertion ({breathless}); escalated for same-day clinical review.',
    patientSummary: 'You reported new shortness of breath. Your care team will contact you today.',
    markers: [{ content: 'shortness of breath', type: 'safety' }],
    nextBestAction:
      'Same-day clinical review for shortness of breath; rule out pulmonary embolism.',
  },
  fall: {
    finding: 'fall',
    membershipTopic: 'Falls',
    afterSurgeryOnly: false,
    lines: [
      participant(
        'I had a fall {when}. I {fall} but managed to get up {fallUp}.',
        'I should tell you I had a fall {when}: I {fall}, and got up {fallUp}.',
        'Bit embarrassing, but I had a fall {when}. I {fall} and got back up {fallUp}.',
      ),
      coach(
        'I am sorry to hear that. Did you hurt your {joint} or hit your head? I will ask the team to check on you.',
        'Oh no. Any pain in the {joint}, or did you hit your head? The team will check on you.',
      ),
      participant(
        'I {bruise}, but the {joint} feels the same and I did not hit my head.',
        'Just {bruise}. The {joint} is no worse and my head is fine.',
      ),
    ],
    summary:
      'Fall {when} ({fall}); {bruise}, no head injury, {joint} unchanged; team asked to review.',
    patientSummary:
      'You told your coach about a fall. The team will check your {joint} and suggest ways to prevent falls.',
    markers: [
      { content: 'fall', type: 'safety' },
      { content: 'home fall hazard', type: 'home safety' },
    ],
    nextBestAction:
      'Check the operated joint for injury and refer for a home safety and falls-prevention assessment.',
  },
  fever: {
    finding: 'fever',
    membershipTopic: 'Infection',
    afterSurgeryOnly: true,
    lines: [
      participant(
        'I have had a fever of {temperature} since {when} and the wound feels warm.{feverToo}',
        'My temperature was {temperature} {when}, a fever, and the wound is red and warm.{feverToo}',
        'I think I have a fever: {temperature} {when}, and the skin round the wound is hot.{feverToo}',
      ),
      coach(
        'Thank you. A fever with a warm wound needs to be seen today. I am contacting the clinic now so they can arrange an urgent review.',
        'That needs seeing today. I am calling the clinic now to arrange an urgent wound review.',
      ),
    ],
    summary: 'Fever of {temperature} °C with a warm wound; urgent same-day wound review arranged.',
    patientSummary: 'You have a fever and a warm wound. The clinic will see you today.',
    markers: [
      { content: 'fever', type: 'safety' },
      { content: 'warm wound', type: 'wound' },
    ],
    nextBestAction: 'Urgent wound review today to rule out infection.',
  },
};
