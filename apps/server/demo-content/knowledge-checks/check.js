/* global window, document */
/*
 * A knowledge check (SCORM 2004): the check named by cmi.launch_data (the manifest item's
 * adlcp:dataFromLMS; without an LMS, ?check= in the address), from checks.js, one
 * multiple-choice question per screen. The answers so far are kept in cmi.suspend_data (JSON)
 * and the current question in cmi.location, so a suspended attempt resumes where it was. On
 * submit the SCO scores itself (score.raw, score.scaled) and decides success against
 * cmi.scaled_passing_score, or the check's own pass mark when the LMS gives none.
 */
(function () {
  'use strict';

  var check;
  var checkId = '';
  var questions;
  var lms;
  var startedAt = Date.now();
  var index = 0;
  var answers = {};
  var submitted = false;
  var passingScore;
  // In review mode the LMS shows earlier work: the SCO must not change what was recorded.
  var records = true;
  var closed = false;

  function byId(id) {
    return document.getElementById(id);
  }

  function showNotice(text) {
    var notice = byId('notice');
    notice.textContent = text;
    notice.hidden = false;
  }

  function showProblem(text) {
    var problem = byId('problem');
    problem.textContent = text;
    problem.hidden = !text;
  }

  function findOption(question, id) {
    for (var i = 0; i < question.options.length; i += 1) {
      if (question.options[i].id === id) return question.options[i];
    }
    return null;
  }

  function correctOption(question) {
    for (var i = 0; i < question.options.length; i += 1) {
      if (question.options[i].correct) return question.options[i];
    }
    return null;
  }

  /** Suspend data written by an earlier session, keeping only answers to known options. */
  function readSuspendData(text) {
    var saved;
    try {
      saved = JSON.parse(text);
    } catch {
      return null;
    }
    if (!saved || typeof saved !== 'object') return null;
    var restored = {};
    var savedAnswers = saved.answers && typeof saved.answers === 'object' ? saved.answers : {};
    for (var i = 0; i < questions.length; i += 1) {
      var choice = savedAnswers[questions[i].id];
      if (typeof choice === 'string' && findOption(questions[i], choice)) {
        restored[questions[i].id] = choice;
      }
    }
    return { answers: restored, submitted: saved.submitted === true };
  }

  /** The check's key: the LMS's launch data, else ?check= (taking it without an LMS). */
  function checkKey() {
    var key = lms.get('cmi.launch_data');
    if (key) return key.trim();
    var match = /[?&]check=([a-z0-9-]+)/.exec(window.location.search);
    return match ? match[1] : '';
  }

  /** The check's questions with ids: q1, q2... and options a, b, c... in order. */
  function numbered(source) {
    var list = [];
    for (var i = 0; i < source.length; i += 1) {
      var options = [];
      for (var j = 0; j < source[i].options.length; j += 1) {
        var option = source[i].options[j];
        options.push({
          id: String.fromCharCode(97 + j),
          label: option.label,
          correct: option.correct === true,
        });
      }
      list.push({ id: 'q' + (i + 1), text: source[i].text, options: options });
    }
    return list;
  }

  function start() {
    lms = window.Scorm2004.connect();
    if (!lms.connected) showNotice(window.Scorm2004.NOT_CONNECTED);

    checkId = checkKey();
    if (!Object.prototype.hasOwnProperty.call(window.DEMO_CHECKS, checkId)) {
      showProblem('This package has no knowledge check called "' + checkId + '".');
      return;
    }
    check = window.DEMO_CHECKS[checkId];
    questions = numbered(check.questions);
    passingScore = check.passingScore;
    document.title = check.title;
    byId('top-title').textContent = check.title;
    byId('quiz-title').textContent = check.title;
    byId('result-eyebrow').textContent = check.title;
    byId('quiz').hidden = false;

    records = lms.get('cmi.mode') !== 'review';
    var passing = lms.get('cmi.scaled_passing_score');
    if (passing !== '' && Number(passing) >= -1 && Number(passing) <= 1) {
      passingScore = Number(passing);
    }
    byId('pass-mark').textContent =
      'Answer all ' +
      questions.length +
      ' questions. You need ' +
      percent(passingScore) +
      '% to pass.';

    if (lms.get('cmi.entry') === 'resume') {
      var saved = readSuspendData(lms.get('cmi.suspend_data'));
      if (saved) {
        answers = saved.answers;
        submitted = saved.submitted;
      }
      var bookmark = Number(lms.get('cmi.location'));
      if (bookmark >= 1 && bookmark <= questions.length && bookmark % 1 === 0) {
        index = bookmark - 1;
      }
      if (!submitted) showNotice('Resuming at question ' + (index + 1));
    }
    if (records && !submitted && lms.get('cmi.completion_status') !== 'completed') {
      lms.set('cmi.completion_status', 'incomplete');
    }

    byId('previous-button').addEventListener('click', function () {
      showQuestion(index - 1, true);
    });
    byId('next-button').addEventListener('click', function () {
      showQuestion(index + 1, true);
    });
    byId('quiz-form').addEventListener('submit', function (event) {
      event.preventDefault();
      // Enter in a radio group submits the form: before the last question it means Next.
      if (index < questions.length - 1) showQuestion(index + 1, true);
      else submitQuiz();
    });
    // pagehide fires when the window closes or the player loads another SCO; beforeunload is a
    // fallback for older browsers. close() runs once whichever comes first.
    window.addEventListener('pagehide', close);
    window.addEventListener('beforeunload', close);

    if (submitted) showResult(false);
    else showQuestion(index, false);
  }

  function showQuestion(target, moveFocus) {
    if (closed || submitted || target < 0 || target >= questions.length) return;
    index = target;
    var question = questions[index];
    showProblem('');

    byId('question-count').textContent = 'Question ' + (index + 1) + ' of ' + questions.length;
    byId('question-text').textContent = question.text;
    var options = byId('options');
    options.textContent = '';
    for (var i = 0; i < question.options.length; i += 1) {
      options.appendChild(optionRow(question, question.options[i]));
    }
    byId('previous-button').hidden = index === 0;
    byId('next-button').hidden = index === questions.length - 1;
    byId('submit-button').hidden = index !== questions.length - 1;
    updateAnsweredCount();
    save();

    if (moveFocus) byId('question-text').focus();
  }

  function optionRow(question, option) {
    var id = question.id + '-' + option.id;
    var label = document.createElement('label');
    label.className = 'option';
    label.htmlFor = id;
    var input = document.createElement('input');
    input.type = 'radio';
    input.name = question.id;
    input.id = id;
    input.value = option.id;
    input.checked = answers[question.id] === option.id;
    input.addEventListener('change', function () {
      answers[question.id] = option.id;
      updateAnsweredCount();
      save();
    });
    var text = document.createElement('span');
    text.textContent = option.label;
    label.appendChild(input);
    label.appendChild(text);
    return label;
  }

  function answeredCount() {
    var count = 0;
    for (var i = 0; i < questions.length; i += 1) {
      if (answers[questions[i].id]) count += 1;
    }
    return count;
  }

  function updateAnsweredCount() {
    byId('answered-count').textContent = answeredCount() + ' of ' + questions.length + ' answered';
  }

  /** Bookmark and answers so far: what a resumed attempt restores. */
  function save() {
    if (!records) return;
    lms.set('cmi.location', String(index + 1));
    lms.set('cmi.suspend_data', JSON.stringify({ answers: answers, submitted: submitted }));
    lms.commit();
  }

  function submitQuiz() {
    if (closed || submitted) return;
    var missing = [];
    for (var i = 0; i < questions.length; i += 1) {
      if (!answers[questions[i].id]) missing.push(i + 1);
    }
    if (missing.length) {
      showQuestion(missing[0] - 1, false);
      showProblem(
        'Answer every question before you submit. Not answered yet: question ' +
          missing.join(', question ') +
          '.',
      );
      byId('question-text').focus();
      return;
    }

    var correct = countCorrect();
    var scaled = correct / questions.length;
    var passed = scaled >= passingScore;
    submitted = true;
    if (records) {
      lms.set('cmi.score.min', '0');
      lms.set('cmi.score.max', String(questions.length));
      lms.set('cmi.score.raw', String(correct));
      lms.set('cmi.score.scaled', String(scaled));
      lms.set('cmi.success_status', passed ? 'passed' : 'failed');
      lms.set('cmi.completion_status', 'completed');
      recordInteractions();
    }
    save();
    showResult(true);
  }

  function countCorrect() {
    var correct = 0;
    for (var i = 0; i < questions.length; i += 1) {
      var right = correctOption(questions[i]);
      if (right && answers[questions[i].id] === right.id) correct += 1;
    }
    return correct;
  }

  /** One cmi.interactions entry per question, appended after any the LMS already holds. */
  function recordInteractions() {
    var first = Number(lms.get('cmi.interactions._count')) || 0;
    for (var i = 0; i < questions.length; i += 1) {
      var question = questions[i];
      var right = correctOption(question);
      var prefix = 'cmi.interactions.' + (first + i) + '.';
      // The type must be set before the response elements that depend on it.
      lms.set(prefix + 'id', checkId + '-' + question.id);
      lms.set(prefix + 'type', 'choice');
      lms.set(prefix + 'description', question.text);
      lms.set(prefix + 'weighting', '1');
      lms.set(prefix + 'correct_responses.0.pattern', right.id);
      lms.set(prefix + 'learner_response', answers[question.id]);
      lms.set(prefix + 'result', answers[question.id] === right.id ? 'correct' : 'incorrect');
    }
  }

  function percent(scaled) {
    return Math.round(scaled * 100);
  }

  function showResult(moveFocus) {
    var correct = countCorrect();
    var scaled = correct / questions.length;
    var passed = scaled >= passingScore;
    byId('quiz').hidden = true;
    showProblem('');
    byId('notice').hidden = true;
    byId('result-text').textContent =
      'You scored ' +
      correct +
      ' of ' +
      questions.length +
      ' (' +
      percent(scaled) +
      '%): ' +
      (passed ? 'passed' : 'failed');
    byId('result-advice').textContent = passed
      ? 'Well done. The pass mark is ' + percent(passingScore) + '%.'
      : 'The pass mark is ' +
        percent(passingScore) +
        '%. Review the lesson, then launch the check again to retry.';
    byId('result').classList.toggle('result-failed', !passed);

    var review = byId('result-review');
    review.textContent = '';
    for (var i = 0; i < questions.length; i += 1) {
      var question = questions[i];
      var right = correctOption(question);
      var chosen = findOption(question, answers[question.id]);
      var item = document.createElement('li');
      item.className = chosen === right ? 'review-correct' : 'review-incorrect';
      var text = document.createElement('p');
      text.className = 'review-question';
      text.textContent = question.text;
      var verdict = document.createElement('p');
      verdict.textContent =
        chosen === right
          ? 'Correct: ' + right.label + '.'
          : 'Your answer: ' +
            (chosen ? chosen.label : 'none') +
            '. Correct answer: ' +
            right.label +
            '.';
      item.appendChild(text);
      item.appendChild(verdict);
      review.appendChild(item);
    }
    byId('result').hidden = false;
    if (moveFocus) byId('result-title').focus();
  }

  /** Records the session and calls Terminate. */
  function close() {
    if (closed) return;
    closed = true;
    lms.set('cmi.session_time', window.Scorm2004.formatDuration(Date.now() - startedAt));
    // 'suspend' keeps answers and bookmark for the next launch; 'normal' ends a submitted attempt.
    if (records) lms.set('cmi.exit', submitted ? 'normal' : 'suspend');
    lms.terminate();
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
