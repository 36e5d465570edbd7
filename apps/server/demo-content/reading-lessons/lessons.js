/* global window */
/*
 * The texts of the demo reading lessons, by the key each manifest item passes as its launch data
 * (adlcp:datafromlms). Each lesson is an introduction, two pages and a summary: four pages.
 * Written for the Waypoint demo: plain summaries for illustration, not for operational use.
 */
window.DEMO_READINGS = {
  'systems-overview': {
    title: 'Systems Overview',
    intro: 'A tour of the main aircraft systems and how the cockpit shows them.',
    pages: [
      {
        heading: 'Power, air and hydraulics',
        text: 'Two engines and the APU supply electrical power, bleed air and hydraulic pressure.',
        points: [
          'Three independent hydraulic systems: Green, Blue and Yellow.',
          'Two engine generators, an APU generator and an emergency generator.',
          'Bleed air feeds air conditioning, pressurisation and anti-ice.',
        ],
      },
      {
        heading: 'How the cockpit shows them',
        text: 'Each system has an overhead panel and a system page on the lower display. A fault gives a caution with the actions to take.',
      },
    ],
    summary: [
      'Redundancy: no single failure removes a vital function.',
      'Overhead panel to act, system page to check.',
      'Cautions come with their procedure.',
    ],
  },
  'fly-by-wire-laws': {
    title: 'Fly-by-Wire Laws',
    intro: 'What the flight control computers do between your sidestick and the control surfaces.',
    pages: [
      {
        heading: 'Normal law',
        text: 'Sidestick inputs command a load factor in pitch and a roll rate. The protections keep the aircraft inside its flight envelope.',
        points: [
          'Load factor limitation.',
          'Pitch and bank angle protection.',
          'High angle of attack and high speed protection.',
        ],
      },
      {
        heading: 'Alternate and direct law',
        text: 'After some failures the computers revert to alternate law, with fewer protections. In direct law, stick deflection moves the surfaces directly: fly gently and use manual trim.',
      },
    ],
    summary: [
      'Normal law protects the envelope.',
      'Alternate law: most protections lost, handle with care.',
      'Direct law: manual trim, smooth inputs.',
    ],
  },
  'flight-controls-review': {
    title: 'Flight Controls Review',
    intro: 'A short review of the surfaces and the computers that move them.',
    pages: [
      {
        heading: 'The surfaces',
        points: [
          'Pitch: elevators and the trimmable horizontal stabiliser.',
          'Roll: ailerons helped by roll spoilers.',
          'Yaw: the rudder, with a mechanical back-up.',
          'Speed brakes and ground spoilers: the spoiler panels.',
        ],
      },
      {
        heading: 'The computers',
        text: 'Several computers share the work, so the loss of one leaves the others in control. The flight control page shows which surfaces and computers are available.',
      },
    ],
    summary: [
      'Each axis has more than one way to be controlled.',
      'Computers back each other up.',
      'Check the flight control page after any fault.',
    ],
  },
  'cockpit-preparation': {
    title: 'Cockpit Preparation',
    intro: 'The order in which the crew prepares the cockpit before the first flight of the day.',
    pages: [
      {
        heading: 'The flow',
        text: 'Follow the same scan each time, from the overhead panel down to the pedestal, so nothing is missed.',
        points: [
          'Overhead panel: lights, switches and system settings.',
          'Centre panel: displays and standby instruments.',
          'Pedestal: radios, flight management system entries.',
        ],
      },
      {
        heading: 'Cross-check',
        text: 'The other pilot checks the flight plan entries, the take-off data and the fuel figures. Differences are resolved before the checklist is read.',
      },
    ],
    summary: [
      'Same flow every time.',
      'Two pilots check the flight data.',
      'Read the checklist only when the flow is done.',
    ],
  },
  'before-start-to-take-off': {
    title: 'Before Start to Take-off',
    intro: 'From the before-start checklist to the moment the aircraft lines up.',
    pages: [
      {
        heading: 'Engine start and taxi',
        text: 'Clearance, doors and beacon come before engine start. After start, the crew sets the flaps and checks the flight controls before taxi.',
      },
      {
        heading: 'Line-up',
        points: [
          'Before take-off checklist complete.',
          'Runway and take-off data confirmed.',
          'Cabin reported ready.',
          'Take-off clearance received and read back.',
        ],
      },
    ],
    summary: [
      'Checklists at fixed points.',
      'Confirm the runway before lining up.',
      'No take-off without a clear read-back.',
    ],
  },
  'engine-failure-after-v1': {
    title: 'Engine Failure After V1',
    intro: 'Why the take-off continues after V1, and what the crew does next.',
    pages: [
      {
        heading: 'Continue the take-off',
        text: 'After V1 there is not enough runway to stop. Keep the aircraft straight with rudder, rotate at VR and follow the flight director.',
      },
      {
        heading: 'After lift-off',
        points: [
          'Positive climb: gear up.',
          'Fly the engine-out speed.',
          'No actions below 400 ft, except the gear.',
          'Then the procedure: identify, confirm, act.',
        ],
      },
    ],
    summary: ['After V1: go.', 'Straight, rotate, climb.', 'Identify and confirm before acting.'],
  },
  'situational-awareness': {
    title: 'Situational Awareness',
    intro: 'Knowing what is happening around you, and what will happen next.',
    pages: [
      {
        heading: 'Three levels',
        points: [
          'Perceive: see the relevant information.',
          'Understand: know what it means.',
          'Anticipate: work out what comes next.',
        ],
      },
      {
        heading: 'Losing it',
        text: 'Fatigue, workload and fixation narrow your attention. Say what you see, share the plan and ask the other pilot to cross-check.',
      },
    ],
    summary: [
      'Perceive, understand, anticipate.',
      'Watch for fixation and overload.',
      'Share the picture aloud.',
    ],
  },
  'communication-and-assertiveness': {
    title: 'Communication and Assertiveness',
    intro: 'Saying clearly what worries you, whatever your rank.',
    pages: [
      {
        heading: 'Speak up',
        text: "Get attention, state your concern, propose an action and ask for agreement. Use the other person's name and plain words.",
      },
      {
        heading: 'Listen',
        points: [
          'Let the speaker finish.',
          'Read back what you understood.',
          'Thank the crew member who spoke up.',
        ],
      },
    ],
    summary: [
      'Attention, concern, action, agreement.',
      'Read back to confirm.',
      "Speaking up is everyone's job.",
    ],
  },
  'access-control-and-id': {
    title: 'Access Control and ID',
    intro: 'Who may enter the security-restricted area, and how to check.',
    pages: [
      {
        heading: 'Your pass',
        text: 'Wear your airport ID card visibly at all times airside. It is personal: never lend it, and report a lost card at once.',
      },
      {
        heading: 'Challenging others',
        points: [
          'Ask anyone without a visible pass to show it.',
          'Do not let others follow you through a door.',
          'Report anything suspicious to security.',
        ],
      },
    ],
    summary: ['Pass visible, never lent.', 'One person per swipe.', 'Challenge and report.'],
  },
  'evacuation-commands': {
    title: 'Evacuation Commands',
    intro: 'The short, loud commands that move passengers out quickly.',
    pages: [
      {
        heading: 'At the exit',
        text: 'Assess outside conditions before opening. If the exit is usable, open it and shout the commands until the cabin is empty.',
        points: ['"Release seat belts!"', '"Come this way!"', '"Jump! Slide!"'],
      },
      {
        heading: 'When an exit is blocked',
        text: 'Block the exit with your body and redirect: "Exit blocked, go that way!" Point to the nearest usable exit.',
      },
    ],
    summary: [
      'Assess before you open.',
      'Short, loud, repeated commands.',
      'Redirect from a blocked exit.',
    ],
  },
  'time-of-useful-consciousness': {
    title: 'Time of Useful Consciousness',
    intro: 'How long you can act sensibly after losing cabin pressure.',
    pages: [
      {
        heading: 'It gets short quickly',
        points: [
          'At 25,000 ft: about 3 to 5 minutes.',
          'At 35,000 ft: 30 to 60 seconds.',
          'At 40,000 ft: 15 to 20 seconds.',
        ],
      },
      {
        heading: 'Masks first',
        text: 'Hypoxia is hard to notice in yourself. Put your oxygen mask on at once, establish communication, then start the descent.',
      },
    ],
    summary: [
      'Seconds, not minutes, at cruise altitude.',
      'Mask on first.',
      'Then communicate and descend.',
    ],
  },
  'holdover-time-tables': {
    title: 'Holdover Time Tables',
    intro: 'How long de-icing or anti-icing fluid keeps protecting the aircraft.',
    pages: [
      {
        heading: 'Reading the table',
        text: 'Find the fluid type, the outside temperature and the precipitation. The table gives a time range: the holdover time.',
      },
      {
        heading: 'When it runs out',
        points: [
          'The time starts at the beginning of the last fluid application.',
          'Heavier precipitation shortens it.',
          'Past the time, a check or a new treatment is needed.',
        ],
      },
    ],
    summary: [
      'Fluid, temperature, precipitation.',
      'The clock starts with the final application.',
      'Expired holdover: check or treat again.',
    ],
  },
  'contaminated-runways': {
    title: 'Contaminated Runways',
    intro: 'Snow, slush and standing water change how the aircraft stops.',
    pages: [
      {
        heading: 'Runway condition',
        text: 'The runway condition report gives a code for each third of the runway, from 6 (dry) to 0 (no braking).',
      },
      {
        heading: 'Planning',
        points: [
          'Use the landing performance for the reported condition.',
          'Crosswind limits are lower on contaminated runways.',
          'Plan the autobrake and reversers before the approach.',
        ],
      },
    ],
    summary: [
      'Check the condition code for each third.',
      'Performance for the actual surface.',
      'Lower crosswind limits.',
    ],
  },
  'rnp-apch': {
    title: 'RNP APCH',
    intro: 'Flying an approach defined by satellite navigation.',
    pages: [
      {
        heading: 'What it needs',
        text: 'The approach is loaded from the navigation database, never built by hand. GNSS must be available and the required accuracy met.',
      },
      {
        heading: 'Monitoring',
        points: [
          'Check the waypoints against the chart.',
          'Watch the lateral and vertical deviation.',
          'Go around on a loss of navigation alert.',
        ],
      },
    ],
    summary: ['Database approach only.', 'Monitor the deviation.', 'Navigation alert: go around.'],
  },
  'sleep-science': {
    title: 'Sleep Science',
    intro: 'Why sleep and the body clock decide how alert you are.',
    pages: [
      {
        heading: 'Sleep pressure and the body clock',
        text: 'The longer you are awake, the stronger the need to sleep. The body clock adds a low point in the early morning hours.',
      },
      {
        heading: 'Getting good sleep',
        points: [
          'Dark, quiet and cool rooms.',
          'No caffeine in the hours before sleep.',
          'A short nap can help; keep it under 30 minutes.',
        ],
      },
    ],
    summary: [
      'Time awake and the body clock both count.',
      'The early morning is the low point.',
      'Protect your sleep opportunity.',
    ],
  },
  'filing-a-fatigue-report': {
    title: 'Filing a Fatigue Report',
    intro: 'How to report fatigue, and what happens to the report.',
    pages: [
      {
        heading: 'What to include',
        points: [
          'The duty and the moment you felt fatigued.',
          'Your sleep in the previous 48 hours.',
          'What you did about it.',
        ],
      },
      {
        heading: 'What happens next',
        text: 'Reports are confidential and reviewed by the fatigue safety team. Trends lead to changes in rosters, not to blame.',
      },
    ],
    summary: [
      'Report when it happens.',
      'Include sleep and duty details.',
      'Reports improve rosters.',
    ],
  },
  'cockpit-displays': {
    title: 'Cockpit Displays',
    intro: 'The larger displays of a newer cockpit, and where to find things.',
    pages: [
      {
        heading: 'Layout',
        text: 'Each pilot has a primary flight display and a navigation display. Centre displays show engines, warnings and system pages.',
      },
      {
        heading: 'Working with them',
        points: [
          'Choose what each display shows with the control panel.',
          'Checklists appear on the centre display.',
          'A failed display transfers its content to another.',
        ],
      },
    ],
    summary: [
      'Flight and navigation displays per pilot.',
      'Warnings and checklists in the centre.',
      'Content moves if a display fails.',
    ],
  },
  'electrical-system': {
    title: 'Electrical System',
    intro: 'Where electrical power comes from and how it is shared.',
    pages: [
      {
        heading: 'Sources',
        points: [
          'Engine-driven generators.',
          'The APU generator.',
          'External power on the ground.',
          'Batteries and an emergency generator.',
        ],
      },
      {
        heading: 'Distribution',
        text: 'Power goes to busbars that feed the aircraft. If a source fails, the others take over its busbars automatically.',
      },
    ],
    summary: [
      'Several independent sources.',
      'Busbars share the load.',
      'Automatic transfer on failure.',
    ],
  },
  'security-refresher': {
    title: 'Security Refresher',
    intro: 'A yearly reminder of the security rules that apply to crew.',
    pages: [
      {
        heading: 'Before flight',
        text: 'Search the aircraft as briefed and report anything that does not belong. Keep the flight deck door closed and locked in flight.',
      },
      {
        heading: 'Unruly passengers',
        points: [
          'Stay calm and use clear words.',
          'Inform the captain early.',
          'Record what happened for the report.',
        ],
      },
    ],
    summary: ['Search and report.', 'Flight deck door locked.', 'Tell the captain early.'],
  },
};
