/* global window */
/*
 * SCORM 2004 run-time wrapper shared by this package's SCOs: finds the LMS's `API_1484_11`
 * object, and offers the calls the SCOs need. Without an LMS every call still succeeds, so the
 * content can be read on its own. Exposed as window.Scorm2004.
 */
(function () {
  'use strict';

  // SCORM 2004 RTE 3.1.6 (ADL's discovery algorithm): walk up the parent chain, then try the
  // opener's chain. The limit only guards against a broken chain.
  var MAX_PARENT_LEVELS = 500;

  /** The window's `API_1484_11`, or null; a window of another origin throws on access. */
  function apiOf(win) {
    try {
      return win.API_1484_11 || null;
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

  function openerOf(win) {
    try {
      return win.opener || null;
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
    if (!api && openerOf(window)) api = findInChain(openerOf(window));
    if (!api) {
      try {
        if (window.top && openerOf(window.top)) api = findInChain(openerOf(window.top));
      } catch {
        api = null;
      }
    }
    return api;
  }

  /** Milliseconds as a SCORM 2004 timeinterval (ISO 8601 duration), e.g. 'PT1H2M3.45S'. */
  function formatDuration(ms) {
    var hundredths = Math.max(0, Math.round(ms / 10));
    var hours = Math.floor(hundredths / 360000);
    var minutes = Math.floor(hundredths / 6000) % 60;
    var seconds = (hundredths % 6000) / 100;
    var text = 'PT';
    if (hours) text += hours + 'H';
    if (minutes) text += minutes + 'M';
    if (seconds || text === 'PT') text += seconds + 'S';
    return text;
  }

  function warn(api, call) {
    var code = String(api.GetLastError());
    // 403 "value not initialized" is the normal answer for an element never set before.
    if (code !== '0' && code !== '403')
      console.warn('SCORM 2004 ' + call + ' failed: ' + code, api.GetErrorString(code));
  }

  /** A session that does nothing: the content works, nothing is saved. */
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
      terminate: function () {
        return true;
      },
    };
  }

  /**
   * Finds the API and calls Initialize. Returns a session whose calls are safe after Terminate
   * (they do nothing), so page-hide handlers can run in any order.
   */
  function connect() {
    var api = findApi();
    if (!api) return offlineSession();
    if (String(api.Initialize('')) !== 'true') {
      warn(api, 'Initialize');
      return offlineSession();
    }
    var terminated = false;
    return {
      connected: true,
      get: function (element) {
        if (terminated) return '';
        var value = api.GetValue(element);
        warn(api, 'GetValue(' + element + ')');
        return value === null || value === undefined ? '' : String(value);
      },
      set: function (element, value) {
        if (terminated) return false;
        var ok = String(api.SetValue(element, String(value))) === 'true';
        if (!ok) warn(api, 'SetValue(' + element + ')');
        return ok;
      },
      commit: function () {
        if (terminated) return false;
        var ok = String(api.Commit('')) === 'true';
        if (!ok) warn(api, 'Commit');
        return ok;
      },
      terminate: function () {
        if (terminated) return false;
        terminated = true;
        var ok = String(api.Terminate('')) === 'true';
        if (!ok) warn(api, 'Terminate');
        return ok;
      },
    };
  }

  window.Scorm2004 = {
    connect: connect,
    formatDuration: formatDuration,
    NOT_CONNECTED: 'Not connected to an LMS: progress will not be saved',
  };
})();
