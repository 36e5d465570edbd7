/* global window */
/*
 * SCORM 1.2 run-time wrapper for this SCO: finds the LMS's `API` object, and offers the few calls
 * a reading lesson needs. Without an LMS every call still succeeds, so the SCO can be read on its own.
 * Exposed as window.Scorm12.
 */
(function () {
  'use strict';

  // SCORM 1.2 RTE: the API is in a parent window; look at most 7 levels up, then in the opener.
  var MAX_PARENT_LEVELS = 7;

  /** The window's `API`, or null; a window of another origin throws on access. */
  function apiOf(win) {
    try {
      return win.API || null;
    } catch {
      return null;
    }
  }

  function parentOf(win) {
    try {
      return win.parent && win.parent !== win ? win.parent : null;
    } catch {
      return null;
    }
  }

  function findInChain(win) {
    for (var level = 0; win && level <= MAX_PARENT_LEVELS; level += 1) {
      var api = apiOf(win);
      if (api) return api;
      win = parentOf(win);
    }
    return null;
  }

  function findApi() {
    var api = findInChain(window);
    if (!api) {
      try {
        if (window.opener) api = findInChain(window.opener);
      } catch {
        api = null;
      }
    }
    return api;
  }

  /** Milliseconds as CMITimespan 'HHHH:MM:SS.SS' (SCORM 1.2 allows at most 9999 hours). */
  function formatTime(ms) {
    var hundredths = Math.max(0, Math.round(ms / 10));
    var hours = Math.min(9999, Math.floor(hundredths / 360000));
    var minutes = Math.floor(hundredths / 6000) % 60;
    var seconds = Math.floor(hundredths / 100) % 60;
    var rest = hundredths % 100;
    return pad(hours, 4) + ':' + pad(minutes, 2) + ':' + pad(seconds, 2) + '.' + pad(rest, 2);
  }

  function pad(value, width) {
    var text = String(value);
    while (text.length < width) text = '0' + text;
    return text;
  }

  function warn(api, call) {
    var code = String(api.LMSGetLastError());
    if (code !== '0')
      console.warn('SCORM 1.2 ' + call + ' failed: ' + code, api.LMSGetErrorString(code));
  }

  /** A session that does nothing: the SCO works, nothing is saved. */
  function offlineSession() {
    return {
      connected: false,
      get: function () {
        return '';
      },
      set: function () {
        return true;
      },
      commit: function () {
        return true;
      },
      finish: function () {
        return true;
      },
    };
  }

  /**
   * Finds the API and calls LMSInitialize. Returns a session whose calls are safe after
   * LMSFinish (they do nothing), so page-hide handlers can run in any order.
   */
  function connect() {
    var api = findApi();
    if (!api) return offlineSession();
    if (String(api.LMSInitialize('')) !== 'true') {
      warn(api, 'LMSInitialize');
      return offlineSession();
    }
    var finished = false;
    return {
      connected: true,
      get: function (element) {
        if (finished) return '';
        var value = api.LMSGetValue(element);
        warn(api, 'LMSGetValue(' + element + ')');
        return value === null || value === undefined ? '' : String(value);
      },
      set: function (element, value) {
        if (finished) return false;
        var ok = String(api.LMSSetValue(element, String(value))) === 'true';
        if (!ok) warn(api, 'LMSSetValue(' + element + ')');
        return ok;
      },
      commit: function () {
        if (finished) return false;
        var ok = String(api.LMSCommit('')) === 'true';
        if (!ok) warn(api, 'LMSCommit');
        return ok;
      },
      finish: function () {
        if (finished) return false;
        finished = true;
        var ok = String(api.LMSFinish('')) === 'true';
        if (!ok) warn(api, 'LMSFinish');
        return ok;
      },
    };
  }

  window.Scorm12 = { connect: connect, formatTime: formatTime };
})();
