// Runs in the page, first in <head> (scripts/build-docs.mjs inlines it). What Redoc's page lacks for a
// reader who shares a link, searches, copies from the guide or uses a screen reader:
// - every link is a hash link: Redoc writes root-absolute ones (`/calls`, `/section/https`) when the
//   page is entered at the overview, and those name no file (file://) and no page (`pnpm start`);
// - a search hit in the guide text (which Redoc files under the overview, `#/`) lands on the guide
//   section holding the words, and Enter in the search box opens the first hit;
// - the guide's own code blocks (Getting started) get a Copy button like the samples';
// - the sidebar is a navigation landmark, every route has a level-one heading, and the search box's
//   clear button has a name;
// - no link leads out of the offline page (Redoc's logo links to its site);
// - the sidebar marks the route shown, not the overview, while a prerendered operation is shown.
(() => {
  const SEARCH_ITEM = '[data-component-name="Search/SearchItem"]';

  /** `/calls` → `#/calls`; the router's own click handling does not read the attribute. @param {ParentNode} root */
  function hashLinks(root) {
    for (const a of root.querySelectorAll('a[href^="/"]:not([href^="//"])'))
      a.setAttribute('href', `#${a.getAttribute('href')}`);
  }

  /** Redoc's search box clears with an icon-only button that has no name (axe: critical). */
  function nameButtons() {
    for (const icon of document.querySelectorAll(
      '[data-component-name="Search/SearchInput"] button:not([aria-label]) [data-component-name="icons/CloseFilledIcon/CloseFilledIcon"]',
    ))
      icon.closest('button').setAttribute('aria-label', 'Clear the search');
  }

  /** The page works offline: Redoc's "API docs by" logo stays, without its link out of the page. */
  function offline() {
    for (const link of document.querySelectorAll('a[href^="http"] img[alt="redocly logo"]'))
      link.closest('a').removeAttribute('href');
  }

  function landmarks() {
    const menu = document.querySelector('[data-component-name="Menu/Menu"]');
    const sidebar = menu?.closest('.menu-content') ?? menu;
    if (sidebar && !sidebar.closest('nav, [role="navigation"]')) {
      sidebar.setAttribute('role', 'navigation');
      sidebar.setAttribute('aria-label', 'Sections and operations');
    }
  }

  /** The text of a node with runs of white space made one space, for matching a snippet in the page. @param {string} text */
  const squash = (text) => text.replace(/\s+/g, ' ').trim();

  /**
   * The guide section (`section/…` heading id) whose text holds `words`, in page order. A section runs
   * to the next heading; the last one to the end of the overview (Redoc wraps each heading apart from
   * the text under it).
   * @param {string} words
   */
  function sectionHolding(words) {
    const headings = [...document.querySelectorAll('#redoc h1[id^="section/"], #redoc h2[id^="section/"]')];
    for (const [i, heading] of headings.entries()) {
      const range = document.createRange();
      range.setStartBefore(heading);
      if (headings[i + 1]) range.setEndBefore(headings[i + 1]);
      else range.setEndAfter(heading.closest('.api-content > *') ?? heading);
      if (squash(range.toString()).includes(words)) return heading.id;
    }
    return undefined;
  }

  /** A hit Redoc files under the overview: the words around its first highlight, to find its section. @param {Element} item */
  function guideTarget(item) {
    if (!['#/', '/', '#'].includes(item.getAttribute('href'))) return undefined;
    const mark = item.querySelector('span > span');
    if (!mark) return undefined;
    const snippet = squash(mark.parentElement.textContent).replace(/^\.\.\.|\.\.\.$/g, '');
    const at = snippet.indexOf(squash(mark.textContent));
    const after = snippet.slice(at, at + 60).trim();
    const before = snippet.slice(Math.max(0, at - 40), at + mark.textContent.length).trim();
    return sectionHolding(after) ?? sectionHolding(before) ?? sectionHolding(squash(mark.textContent));
  }

  // Redoc opens the hit (the overview) and closes the search; then the route moves on to the section.
  addEventListener(
    'click',
    (event) => {
      const item = /** @type {Element} */ (event.target).closest?.(SEARCH_ITEM);
      const section = item && guideTarget(item);
      if (section) setTimeout(() => location.replace(`#/${section}`), 50);
    },
    true,
  );
  // Enter in the search box opens the first hit (Redoc waits for an arrow key first). Hits exist
  // only while the search is open.
  addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' || /** @type {Element} */ (event.target).tagName !== 'INPUT') return;
      const first = /** @type {HTMLElement | null} */ (document.querySelector(SEARCH_ITEM));
      if (!first) return;
      event.preventDefault();
      first.click();
    },
    true,
  );

  /** A Copy button on each of the guide's code blocks (Redoc gives one to samples only). @param {ParentNode} root */
  function copyButtons(root) {
    for (const pre of root.querySelectorAll('[data-component-name="Markdown/Markdown"] pre')) {
      if (pre.previousElementSibling?.classList.contains('guide-copy')) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'guide-copy';
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy this code');
      pre.before(button);
    }
  }
  addEventListener('click', async (event) => {
    const button = /** @type {Element} */ (event.target).closest?.('.guide-copy');
    if (!button) return;
    const pre = button.nextElementSibling;
    const text = pre.textContent;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without the async clipboard (an older browser), the selection is copied.
      getSelection().selectAllChildren(pre);
      document.execCommand('copy');
      getSelection().removeAllRanges();
    }
    button.textContent = 'Copied';
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 1500);
  });

  // An "Inferred" mark (scripts/reading/inferred-marks.js) is a link whose title is the spec's
  // reason; it becomes a button that shows that reason beside it, in one box for the whole page
  // (outside Redoc's tree, which React redraws).
  const MARK = 'a[href="#inferred"]';
  /** @param {ParentNode} root */
  function inferredMarks(root) {
    for (const mark of root.querySelectorAll(`${MARK}:not(.inferred-mark)`)) {
      mark.classList.add('inferred-mark');
      mark.setAttribute('role', 'button');
      mark.setAttribute('aria-expanded', 'false');
      mark.setAttribute('aria-controls', 'inferred-reason');
      mark.setAttribute('aria-label', `${mark.textContent}: why`);
    }
  }
  function reasonBox() {
    let box = document.getElementById('inferred-reason');
    if (!box) {
      box = document.createElement('div');
      box.id = 'inferred-reason';
      box.className = 'inferred-reason';
      box.setAttribute('role', 'note');
      box.hidden = true;
      document.body.append(box);
    }
    return box;
  }
  function closeReason() {
    const box = document.getElementById('inferred-reason');
    if (box) box.hidden = true;
    for (const open of document.querySelectorAll(`${MARK}[aria-expanded="true"]`))
      open.setAttribute('aria-expanded', 'false');
  }
  /** @param {Element} mark */
  function showReason(mark) {
    const wasOpen = mark.getAttribute('aria-expanded') === 'true';
    closeReason();
    if (wasOpen) return;
    const box = reasonBox();
    box.textContent = mark.getAttribute('title') ?? '';
    box.hidden = false;
    const at = mark.getBoundingClientRect();
    box.style.top = `${at.bottom + scrollY + 4}px`;
    box.style.left = `${Math.max(12, Math.min(at.left + scrollX, innerWidth - box.offsetWidth - 12))}px`;
    mark.setAttribute('aria-expanded', 'true');
  }
  addEventListener(
    'click',
    (event) => {
      const target = /** @type {Element} */ (event.target);
      const mark = target.closest?.(MARK);
      if (!mark) {
        if (!target.closest?.('#inferred-reason')) closeReason();
        return;
      }
      event.preventDefault(); // the mark leads nowhere: Redoc's router must not see it
      event.stopPropagation();
      showReason(mark);
    },
    true,
  );
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeReason();
  });

  /** Redoc draws the API's title as the page's h1 on the overview only: other routes get one too. */
  function headingOne() {
    const main = document.querySelector('#redoc main, #redoc [data-component-name="Layout/Layout"]');
    const hasOne = document.querySelector('#redoc h1');
    let own = document.getElementById('page-title');
    if (hasOne && own) own.remove();
    if (hasOne || own || !main) return;
    own = document.createElement('h1');
    own.id = 'page-title';
    own.className = 'visually-hidden';
    own.textContent = document.title;
    document.body.prepend(own);
  }

  /**
   * The sidebar marks the item of the route shown, or none. Before Redoc has hydrated (its sidebar
   * logo not drawn yet), the page's prerendered sidebar is the overview's and marks the overview
   * while a prerendered operation is shown: an item marked for another route than the address's
   * is unmarked, drawn as its unmarked neighbours are. After hydration Redoc marks it itself.
   */
  function sidebarMark() {
    if (document.querySelector('img[alt="redocly logo"]')) return;
    const route = location.hash.replace(/^#/, '').split('#')[0] || '/';
    for (const item of document.querySelectorAll('[data-component-name="Menu/Menu"] li[data-active="true"]')) {
      const link = item.closest('a');
      if (!link || link.getAttribute('href')?.replace(/^#/, '') === route) continue;
      const unmarked = link.parentElement.querySelector(':scope > a > li[data-active="false"]');
      if (unmarked) item.className = unmarked.className;
      item.setAttribute('data-active', 'false');
    }
  }

  // <html data-page-aids> says whether a pass is due ("pending") or has run since the page's last
  // added or removed node or changed link ("done"): the signal a test waits for before it reads
  // what these passes fix.
  const root = document.documentElement;
  let queued = false;
  const fix = () => {
    queued = false;
    hashLinks(document);
    sidebarMark();
    landmarks();
    nameButtons();
    offline();
    copyButtons(document);
    inferredMarks(document);
    headingOne();
    root.setAttribute('data-page-aids', 'done');
  };
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      root.setAttribute('data-page-aids', 'pending');
      requestAnimationFrame(fix); // once a frame: Redoc commits many times while it hydrates
    }
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
})();
