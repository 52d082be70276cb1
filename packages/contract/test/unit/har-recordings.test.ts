import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExchangeValidator, formatText, validateRecording } from '../../src/index.js';
import { traffic, validateInProcess } from '../support/helpers.js';

// HAR as browsers and recording tools write it: requests that never completed, bodies left out,
// and whole pages with other hosts' fonts and websockets beside the API's calls.
const validator = new ExchangeValidator();
type Entry = { request: Record<string, unknown>; response: Record<string, unknown> } & Record<string, unknown>;
const recorded: Entry[] = JSON.parse(readFileSync(traffic('conforming.har'), 'utf8')).log.entries;
const [getCallUs, getCallEu, , listUsers, sendMessage] = recorded as [Entry, Entry, Entry, Entry, Entry];

/** Writes a HAR file of `entries` and answers its path. */
function harFile(...entries: Entry[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'har-recordings-')), 'page.har');
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'test' }, entries } }, null, 1));
  return file;
}

/** A request the browser blocked or lost, as Chrome saves it: status 0, `_error`, an empty content. */
const failedInBrowser = (entry: Entry): Entry => ({
  ...entry,
  response: {
    status: 0,
    statusText: '',
    httpVersion: '',
    headers: [],
    cookies: [],
    content: { size: 0, mimeType: 'x-unknown' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
    _error: 'net::ERR_FAILED',
  },
});

/** The entry as saved without content (Playwright's `content: 'omit'`): the sizes stay, the texts go. */
const withoutBodies = (entry: Entry): Entry => {
  const { text: _responseText, ...content } = entry.response.content as Record<string, unknown>;
  const request = { ...entry.request };
  if (request.postData) {
    const { text: _requestText, ...postData } = request.postData as Record<string, unknown>;
    request.postData = postData;
  }
  return { ...entry, request, response: { ...entry.response, content } };
};

/** Another host's request on the same page: a web font. */
const font: Entry = {
  request: { method: 'GET', url: 'https://fonts.example-cdn.net/s/inter/v1/inter.woff2', headers: [] },
  response: {
    status: 200,
    headers: [{ name: 'content-type', value: 'font/woff2' }],
    content: { size: 4, mimeType: 'font/woff2', text: 'd09GMg==', encoding: 'base64' },
  },
};

describe('HAR as browsers write it', () => {
  it('counts a request the browser never completed (status 0, _error) as a client-side failure, not a violation', async () => {
    const summary = await validateRecording(harFile(getCallUs, failedInBrowser(getCallEu)), { validator });
    expect(summary).toMatchObject({ exchanges: 1, conforming: 1, violating: 0, clientFailures: 1 });
    expect(formatText(summary)).toContain('1 request the client never completed (HAR status 0 or _error');
    const onlyFailed = await validateInProcess(['validate', harFile(failedInBrowser(getCallUs))]);
    expect(onlyFailed.code).toBe(2);
    expect(onlyFailed.stderr).toContain('none of the 1 exchanges read was checked (1 never completed by the client');
  });

  it('says "body not recorded" for entries saved without content, instead of reporting a missing body', async () => {
    const summary = await validateRecording(harFile(withoutBodies(getCallUs), withoutBodies(sendMessage)), {
      validator,
    });
    expect(summary).toMatchObject({ exchanges: 2, conforming: 2, violating: 0, bodiesNotRecorded: 2 });
    expect(formatText(summary)).toContain(
      '2 exchanges with a body not recorded (HAR content with a size and no text): those bodies not checked',
    );
    // A violation elsewhere in such an exchange still shows, with what was not checked.
    const noKey = withoutBodies(getCallUs);
    noKey.request = { ...noKey.request, headers: [] };
    const text = formatText(await validateRecording(harFile(noKey), { validator }));
    expect(text).toContain('/request/headers/apikey');
    expect(text).toContain('(response body not recorded: not checked)');
    expect(text).not.toContain('no body');
  });

  it('checks only the --server hosts and counts the rest as skipped; an unknown path shows its host', async () => {
    const page = harFile(getCallUs, font, listUsers);
    const unfiltered = await validateRecording(page, { validator });
    expect(unfiltered.violating).toBe(1);
    expect(unfiltered.reports[0]!.violations[0]).toMatchObject({
      kind: 'unknown-path',
      found: 'https://fonts.example-cdn.net/s/inter/v1/inter.woff2',
    });

    const callsHost = new URL(getCallUs.request.url as string);
    const chatHost = new URL(listUsers.request.url as string);
    const args = ['validate', page, '--server', `${callsHost.origin}/v3`, '--server', `${chatHost.origin}/v3`];
    const filtered = await validateInProcess([...args, '--format', 'json']);
    expect(filtered.code).toBe(0);
    expect(JSON.parse(filtered.stdout)).toMatchObject({ exchanges: 2, conforming: 2, skipped: 1 });
    const text = await validateInProcess(args);
    expect(text.stdout).toContain('1 exchange sent outside the --server URLs: skipped');

    const wrong = await validateInProcess(['validate', page, '--server', 'calls-host/v3']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--server must be an absolute http(s) URL');
  });
});
