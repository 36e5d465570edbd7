/* global window */
/*
 * The Hydraulics Quiz questions. Each option's `correct: true` marks the right answer:
 *
 *   Question 1: "It is practically incompressible"
 *   Question 2: "3,000 psi"
 *   Question 3: "The accumulator"
 *   Question 4: "So that a single failure never loses the flight controls"
 *   Question 5: "The engines, through the accessory gearbox"
 *
 * Every option label is unique across the quiz, so a test can pick an answer by its label alone.
 */
window.HYDRAULICS_QUIZ = {
  questions: [
    {
      id: 'q1',
      text: 'Why is hydraulic fluid good at transmitting force?',
      options: [
        { id: 'a', label: 'It is lighter than air' },
        { id: 'b', label: 'It is practically incompressible', correct: true },
        { id: 'c', label: 'It conducts electricity' },
        { id: 'd', label: 'It expands quickly when heated' },
      ],
    },
    {
      id: 'q2',
      text: 'What is the typical operating pressure of an airliner hydraulic system?',
      options: [
        { id: 'a', label: '30 psi' },
        { id: 'b', label: '300 psi' },
        { id: 'c', label: '3,000 psi', correct: true },
        { id: 'd', label: '30,000 psi' },
      ],
    },
    {
      id: 'q3',
      text: 'Which component stores fluid under pressure and damps pressure surges?',
      options: [
        { id: 'a', label: 'The reservoir' },
        { id: 'b', label: 'The filter' },
        { id: 'c', label: 'The actuator' },
        { id: 'd', label: 'The accumulator', correct: true },
      ],
    },
    {
      id: 'q4',
      text: 'Why do airliners have more than one independent hydraulic system?',
      options: [
        { id: 'a', label: 'To save weight' },
        {
          id: 'b',
          label: 'So that a single failure never loses the flight controls',
          correct: true,
        },
        { id: 'c', label: 'So that each system can use a different fluid' },
        { id: 'd', label: 'To cool the engines' },
      ],
    },
    {
      id: 'q5',
      text: 'What normally drives the main hydraulic pumps?',
      options: [
        { id: 'a', label: 'The engines, through the accessory gearbox', correct: true },
        { id: 'b', label: 'The cabin pressurisation system' },
        { id: 'c', label: 'The aircraft battery alone' },
        { id: 'd', label: 'The landing gear as it retracts' },
      ],
    },
  ],
};
