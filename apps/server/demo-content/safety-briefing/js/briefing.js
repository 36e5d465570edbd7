/* global window, document */
/*
 * Cabin Safety Briefing: five pages, bookmarked in cmi.core.lesson_location (the page number,
 * 1-5). Reaching the summary completes the lesson; leaving earlier suspends it so the next launch
 * resumes where the learner was.
 */
(function () {
  'use strict';

  var PAGE_COUNT = 5;
  var NOT_CONNECTED = 'Not connected to an LMS: progress will not be saved';

  var lms;
  var startedAt = Date.now();
  var page = 1;
  var completed = false;
  // In review mode the LMS shows earlier work: the SCO must not change its status.
  var recordsStatus = true;
  var closed = false;

  function byId(id) {
    return document.getElementById(id);
  }

  function showNotice(text) {
    var notice = byId('notice');
    notice.textContent = text;
    notice.hidden = false;
  }

  function start() {
    lms = window.Scorm12.connect();
    if (!lms.connected) showNotice(NOT_CONNECTED);

    // adlcp:datafromlms in the manifest reaches the SCO as cmi.launch_data.
    var launchData = lms.get('cmi.launch_data');
    if (launchData) {
      byId('launch-data-text').textContent = launchData;
      byId('launch-data').hidden = false;
    }

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
      entry !== 'ab-initio' && bookmark >= 1 && bookmark <= PAGE_COUNT && bookmark % 1 === 0
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
    if (closed || target < 1 || target > PAGE_COUNT) return;
    page = target;
    var pages = document.querySelectorAll('[data-page]');
    for (var i = 0; i < pages.length; i += 1) {
      pages[i].hidden = Number(pages[i].getAttribute('data-page')) !== page;
    }
    byId('previous-button').hidden = page === 1;
    byId('next-button').hidden = page === PAGE_COUNT;
    byId('page-count').textContent = 'Page ' + page + ' of ' + PAGE_COUNT;
    byId('page-progress').value = page;

    lms.set('cmi.core.lesson_location', String(page));
    if (page === PAGE_COUNT && !completed && recordsStatus) {
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

    byId('briefing').hidden = true;
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
