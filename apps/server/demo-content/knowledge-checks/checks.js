/* global window */
/*
 * The demo knowledge checks, by the key each manifest item passes as its launch data
 * (adlcp:dataFromLMS). Four questions each; the option with `correct: true` is the right answer,
 * and every option label is unique within its check, so a test can answer by label alone.
 * `passingScore` (scaled, 0..1) is used when the LMS gives no cmi.scaled_passing_score.
 * Written for the Waypoint demo: for illustration, not for operational use.
 */
window.DEMO_CHECKS = {
  'classes-and-divisions': {
    title: 'Classes and Divisions',
    passingScore: 0.75,
    questions: [
      {
        text: 'How many hazard classes do the dangerous goods regulations define?',
        options: [{ label: 'Five' }, { label: 'Nine', correct: true }, { label: 'Twelve' }],
      },
      {
        text: 'Which class covers flammable liquids?',
        options: [{ label: 'Class 1' }, { label: 'Class 3', correct: true }, { label: 'Class 8' }],
      },
      {
        text: 'What does Class 8 cover?',
        options: [
          { label: 'Corrosives', correct: true },
          { label: 'Explosives' },
          { label: 'Radioactive material' },
        ],
      },
      {
        text: 'Lithium batteries are found in which class?',
        options: [
          { label: 'Class 2, gases' },
          { label: 'Class 9, miscellaneous', correct: true },
          { label: 'Class 6, toxic substances' },
        ],
      },
    ],
  },
  'dangerous-goods-final-exam': {
    title: 'Dangerous Goods Final Exam',
    passingScore: 0.75,
    questions: [
      {
        text: 'A passenger declares a spare lithium battery. Where may it travel?',
        options: [
          { label: 'In checked baggage only' },
          { label: 'In cabin baggage, terminals protected', correct: true },
          { label: 'It may never be carried' },
        ],
      },
      {
        text: 'Who must be told about dangerous goods loaded on board?',
        options: [
          { label: 'The pilot-in-command, by the NOTOC', correct: true },
          { label: 'The passengers seated nearby' },
          { label: 'Nobody once loaded' },
        ],
      },
      {
        text: 'A package leaks in the hold during loading. What first?',
        options: [
          { label: 'Finish loading and report later' },
          { label: 'Wipe it clean and load it' },
          { label: 'Stop, keep clear and call the supervisor', correct: true },
        ],
      },
      {
        text: 'What does a hazard label show?',
        options: [
          { label: "The shipper's address" },
          { label: 'The class of the danger', correct: true },
          { label: 'The flight number' },
        ],
      },
    ],
  },
  'security-awareness-exam': {
    title: 'Security Awareness Exam',
    passingScore: 1,
    questions: [
      {
        text: 'Someone without a visible pass follows you airside. What do you do?',
        options: [
          { label: 'Ignore it if they look like staff' },
          { label: 'Ask to see their pass, and report if needed', correct: true },
          { label: 'Hold the door for them' },
        ],
      },
      {
        text: 'You lose your airport ID card. When do you report it?',
        options: [
          { label: 'Straight away', correct: true },
          { label: 'At the end of the week' },
          { label: 'Only if it is not found in a month' },
        ],
      },
      {
        text: 'May you lend your pass to a colleague for a moment?',
        options: [
          { label: 'Yes, to a colleague you know' },
          { label: 'No, a pass is personal', correct: true },
          { label: 'Yes, if they return it the same day' },
        ],
      },
      {
        text: 'You find an unattended bag near the gate. What do you do?',
        options: [
          { label: 'Carry it to the lost property office' },
          { label: 'Open it to find the owner' },
          { label: 'Leave it, keep people away and call security', correct: true },
        ],
      },
    ],
  },
  'phraseology-assessment': {
    title: 'Phraseology Assessment',
    passingScore: 0.75,
    questions: [
      {
        text: 'How is the number 9 spoken on the radio?',
        options: [{ label: 'Nine' }, { label: 'Niner', correct: true }, { label: 'Nein' }],
      },
      {
        text: 'What does "Wilco" mean?',
        options: [
          { label: 'I will comply', correct: true },
          { label: 'Repeat your message' },
          { label: 'Wait and I will call you' },
        ],
      },
      {
        text: 'Which call asks for a repeat of the whole message?',
        options: [{ label: 'Roger' }, { label: 'Affirm' }, { label: 'Say again', correct: true }],
      },
      {
        text: 'Which items must always be read back?',
        options: [
          { label: 'Weather reports' },
          { label: 'Runway, level and heading clearances', correct: true },
          { label: 'Traffic information' },
        ],
      },
    ],
  },
  'high-altitude-stalls': {
    title: 'High Altitude Stalls',
    passingScore: 0.75,
    questions: [
      {
        text: 'What is the first action to recover from a stall?',
        options: [
          { label: 'Pitch nose down to reduce the angle of attack', correct: true },
          { label: 'Add full power and hold the attitude' },
          { label: 'Roll wings level with full aileron' },
        ],
      },
      {
        text: 'Why is the margin to a stall smaller at high altitude?',
        options: [
          { label: 'The engines are more powerful' },
          { label: 'The speed range between stall and maximum speed narrows', correct: true },
          { label: 'The air is warmer' },
        ],
      },
      {
        text: 'A stall warning sounds in cruise. What do you not do?',
        options: [
          { label: 'Reduce the pitch attitude' },
          { label: 'Pull back to hold altitude', correct: true },
          { label: 'Check the thrust setting' },
        ],
      },
      {
        text: 'Altitude lost during a high altitude stall recovery is:',
        options: [
          { label: 'Usually small, under 100 ft' },
          { label: 'Often several thousand feet', correct: true },
          { label: 'Never more than 500 ft' },
        ],
      },
    ],
  },
  'nose-high-recovery': {
    title: 'Nose-High Recovery',
    passingScore: 0.75,
    questions: [
      {
        text: 'In a nose-high upset with speed decaying, what comes first?',
        options: [
          { label: 'Full nose-down elevator as needed', correct: true },
          { label: 'Extend the speed brakes' },
          { label: 'Select flaps' },
        ],
      },
      {
        text: 'If nose-down elevator is not enough, what may help?',
        options: [
          { label: 'Reducing thrust, or rolling to lower the nose', correct: true },
          { label: 'Adding full thrust' },
          { label: 'Raising the landing gear' },
        ],
      },
      {
        text: 'When is the aircraft rolled back to wings level?',
        options: [
          { label: 'Before anything else' },
          { label: 'As the nose comes down towards the horizon', correct: true },
          { label: 'Only after landing' },
        ],
      },
      {
        text: 'Who calls out the upset first?',
        options: [
          { label: 'The pilot who recognises it', correct: true },
          { label: 'Air traffic control' },
          { label: 'The cabin crew' },
        ],
      },
    ],
  },
};
