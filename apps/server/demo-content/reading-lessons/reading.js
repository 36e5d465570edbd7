/* global window, document */
/*
 * A reading lesson (SCORM 1.2): the lesson named by cmi.launch_data (the manifest item's
 * adlcp:datafromlms; without an LMS, ?lesson= in the address), from lessons.js, one page at a
 * time. The page number is bookmarked in cmi.core.lesson_location; reaching the summary completes
 * the lesson; leaving earlier suspends it, so the next launch resumes where the learner was.
 */
(function () {
  'use strict';

  var NOT_CONNECTED = 'Not connected to an LMS: progress will not be saved';

  var lms;
  var lesson;
  var pageCount = 0;
  var startedAt = Date.now();
  var page = 1;
  var completed = false;
  // In review mode the LMS shows earlier work: the SCO must not change its status.
  var recordsStatus = true;
  var closed = false;

  function byId(id) {
    return document.getElementById(id);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showNotice(text) {
    var notice = byId('notice');
    notice.textContent = text;
    notice.hidden = false;
  }

  /** The lesson's key: the LMS's launch data, else ?lesson= (reading it without an LMS). */
  function lessonKey() {
    var key = lms.get('cmi.launch_data');
    if (key) return key.trim();
    var match = /[?&]lesson=([a-z0-9-]+)/.exec(window.location.search);
    return match ? match[1] : '';
  }

  function list(tag, items) {
    var node = element(tag);
    for (var i = 0; i < items.length; i += 1) node.appendChild(element('li', '', items[i]));
    return node;
  }

  /** One page: a card with an eyebrow, a focusable heading and its text. */
  function pageSection(number, eyebrow, heading) {
    var section = element('section', 'page card');
    section.setAttribute('data-page', String(number));
    section.setAttribute('aria-labelledby', 'page-' + number + '-title');
    section.hidden = true;
    section.appendChild(element('p', 'eyebrow', eyebrow));
    var title = element('h1', '', heading);
    title.id = 'page-' + number + '-title';
    title.tabIndex = -1;
    section.appendChild(title);
    return section;
  }

  /** Introduction, the lesson's pages, and the summary, built from lessons.js. */
  function buildPages() {
    var container = byId('pages');
    var number = 1;
    var intro = pageSection(number, 'Reading lesson', lesson.title);
    intro.appendChild(element('p', 'lead', lesson.intro));
    intro.appendChild(
      list('ul', [
        lesson.pages.length + 2 + ' short pages',
        'Your place is saved on every page',
        'Complete it by reaching the summary',
      ]),
    ).className = 'facts';
    intro.appendChild(
      element('p', 'small', 'Demo content: for illustration, not for operational use.'),
    );
    container.appendChild(intro);
    for (var i = 0; i < lesson.pages.length; i += 1) {
      number += 1;
      var part = lesson.pages[i];
      var section = pageSection(number, 'Page ' + number, part.heading);
      if (part.text) section.appendChild(element('p', '', part.text));
      if (part.points) section.appendChild(list('ul', part.points));
      container.appendChild(section);
    }
    number += 1;
    var summary = pageSection(number, 'Summary', 'Summary');
    summary.appendChild(element('p', 'lead', 'You have completed ' + lesson.title + '.'));
    summary.appendChild(list('ol', lesson.summary)).className = 'summary';
    summary.appendChild(element('p', '', 'Select Exit when you are ready to leave.'));
    container.appendChild(summary);
    return number;
  }

  function start() {
    lms = window.Scorm12.connect();
    if (!lms.connected) showNotice(NOT_CONNECTED);

    var key = lessonKey();
    lesson = window.DEMO_READINGS[key];
    if (!lesson || !Object.prototype.hasOwnProperty.call(window.DEMO_READINGS, key)) {
      byId('pager').hidden = true;
      byId('exit-button').hidden = true;
      showNotice('This package has no reading lesson called "' + key + '".');
      return;
    }
    document.title = lesson.title;
    byId('top-title').textContent = lesson.title;
    pageCount = buildPages();
    byId('page-progress').max = pageCount;

    var mode = lms.get('cmi.core.lesson_mode');
    var status = lms.get('cmi.core.lesson_status');
    recordsStatus = mode !== 'review';
    completed = status === 'completed' || status === 'passed';
    if (recordsStatus && !completed && status !== 'failed') {
      lms.set('cmi.core.lesson_status', mode === 'browse' ? 'browsed' : 'incomplete');
    }

    // Resume at the bookmark unless the LMS says this is a fresh attempt.
    var entry = lms.get('cmi.core.entry');
    var bookmark = Number(lms.get('cmi.core.lesson_location'));
    var resumeAt =
      entry !== 'ab-initio' && bookmark >= 1 && bookmark <= pageCount && bookmark % 1 === 0
        ? bookmark
        : 1;
    if (resumeAt > 1) showNotice('Welcome back: resuming at page ' + resumeAt);

    byId('previous-button').addEventListener('click', function () {
      showPage(page - 1, true);
    });
    byId('next-button').addEventListener('click', function () {
      showPage(page + 1, true);
    });
    byId('exit-button').addEventListener('click', function () {
      close();
    });
    // pagehide fires when the window closes or the player moves on; beforeunload is a fallback
    // for older browsers. close() runs once whichever comes first.
    window.addEventListener('pagehide', close);
    window.addEventListener('beforeunload', close);

    showPage(resumeAt, false);
  }

  function showPage(target, moveFocus) {
    if (closed || target < 1 || target > pageCount) return;
    page = target;
    var pages = document.querySelectorAll('[data-page]');
    for (var i = 0; i < pages.length; i += 1) {
      pages[i].hidden = Number(pages[i].getAttribute('data-page')) !== page;
    }
    byId('previous-button').hidden = page === 1;
    byId('next-button').hidden = page === pageCount;
    byId('page-count').textContent = 'Page ' + page + ' of ' + pageCount;
    byId('page-progress').value = page;

    lms.set('cmi.core.lesson_location', String(page));
    if (page === pageCount && !completed && recordsStatus) {
      completed = lms.get('cmi.core.lesson_mode') !== 'browse';
      if (completed) lms.set('cmi.core.lesson_status', 'completed');
    }
    lms.commit();

    // Take keyboard and screen-reader users to the new page's heading.
    if (moveFocus) {
      var heading = document.querySelector('[data-page="' + page + '"] h1');
      if (heading) heading.focus();
    }
  }

  /** Records the session and calls LMSFinish; afterwards the SCO only says it is closed. */
  function close() {
    if (closed) return;
    closed = true;
    lms.set('cmi.core.session_time', window.Scorm12.formatTime(Date.now() - startedAt));
    // 'suspend' keeps the bookmark for the next launch; '' ends a completed attempt normally.
    lms.set('cmi.core.exit', completed ? '' : 'suspend');
    lms.finish();

    byId('pages').hidden = true;
    byId('pager').hidden = true;
    byId('exit-button').hidden = true;
    byId('notice').hidden = true;
    byId('closed-text').textContent = lms.connected
      ? 'Your progress has been saved. You can close this window.'
      : 'You can close this window.';
    byId('closed').hidden = false;
    byId('closed-heading').focus();
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
