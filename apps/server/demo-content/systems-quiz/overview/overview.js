/* global window, document */
/*
 * Hydraulics Overview (SCO 1 of 2): three pages, bookmarked in cmi.location (the page number).
 * cmi.progress_measure is the share of pages seen; the manifest's completion threshold
 * (completedByMeasure, minProgressMeasure 1.0) and completion_status 'completed' on the last
 * page agree. "Continue to the quiz" asks the player for the next SCO (adl.nav.request).
 */
(function () {
  'use strict';

  var PAGE_COUNT = 3;

  var lms;
  var startedAt = Date.now();
  var page = 1;
  var furthestPage = 0;
  var completed = false;
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

  function start() {
    lms = window.Scorm2004.connect();
    if (!lms.connected) showNotice(window.Scorm2004.NOT_CONNECTED);

    records = lms.get('cmi.mode') !== 'review';
    completed = lms.get('cmi.completion_status') === 'completed';
    var measure = Number(lms.get('cmi.progress_measure'));
    if (measure > 0) furthestPage = Math.min(PAGE_COUNT, Math.round(measure * PAGE_COUNT));
    if (records && !completed) lms.set('cmi.completion_status', 'incomplete');

    var resumeAt = 1;
    if (lms.get('cmi.entry') === 'resume') {
      var bookmark = Number(lms.get('cmi.location'));
      if (bookmark >= 1 && bookmark <= PAGE_COUNT && bookmark % 1 === 0) resumeAt = bookmark;
    }
    if (resumeAt > 1) showNotice('Welcome back: resuming at page ' + resumeAt);

    byId('previous-button').addEventListener('click', function () {
      showPage(page - 1, true);
    });
    byId('next-button').addEventListener('click', function () {
      showPage(page + 1, true);
    });
    byId('continue-button').addEventListener('click', continueToQuiz);
    // pagehide fires when the window closes or the player loads another SCO; beforeunload is a
    // fallback for older browsers. close() runs once whichever comes first.
    window.addEventListener('pagehide', function () {
      close(false);
    });
    window.addEventListener('beforeunload', function () {
      close(false);
    });

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

    if (records) {
      lms.set('cmi.location', String(page));
      if (page > furthestPage) {
        furthestPage = page;
        // Two decimals: 0.33, 0.67, then exactly 1 on the last page (the completion threshold).
        lms.set(
          'cmi.progress_measure',
          String(Math.round((furthestPage / PAGE_COUNT) * 100) / 100),
        );
      }
      if (page === PAGE_COUNT && !completed) {
        completed = true;
        lms.set('cmi.completion_status', 'completed');
      }
      lms.commit();
    }

    if (moveFocus) {
      var heading = document.querySelector('[data-page="' + page + '"] h1');
      if (heading) heading.focus();
    }
  }

  function continueToQuiz() {
    // SCORM 2004 navigation: the request is set before Terminate; the LMS acts on it after.
    lms.set('adl.nav.request', 'continue');
    close(true);
  }

  /** Records the session and calls Terminate; afterwards the SCO only says where to go. */
  function close(continuing) {
    if (closed) return;
    closed = true;
    lms.set('cmi.session_time', window.Scorm2004.formatDuration(Date.now() - startedAt));
    // 'suspend' keeps the bookmark for the next launch; 'normal' ends a completed attempt.
    if (records) lms.set('cmi.exit', completed ? 'normal' : 'suspend');
    lms.terminate();

    byId('overview').hidden = true;
    byId('pager').hidden = true;
    byId('notice').hidden = true;
    if (continuing && lms.connected) {
      byId('closed-text').textContent = 'The player is taking you on to the Hydraulics Quiz.';
    } else if (continuing) {
      byId('closed-text').textContent = 'Open the quiz to continue.';
      byId('quiz-link').hidden = false;
    } else {
      byId('closed-text').textContent = 'You can close this window.';
    }
    byId('closed').hidden = false;
    byId('closed-heading').focus();
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
