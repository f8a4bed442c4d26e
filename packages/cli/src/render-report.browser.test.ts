/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApproximateTokenCounter } from '@acm/core';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateFigures } from './compute-figures';
import { formatCount } from './format-tables';
import { readConversations } from './read-conversations';
import { renderReport } from './render-report';
import { simulate } from './simulate';
import type { ConversationResult, SimulationResult } from './simulation-result';
import { SAMPLE_FILE } from './test-fixtures';

const CHROMIUM = '/usr/bin/chromium';
/** Screenshots of the report land here (git-ignored). */
const OUTPUT_DIRECTORY = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-output',
);

/** A budget most of the sample crosses (several strategies run) while one conversation fits (no event). */
const TIGHT_CONFIG = { maxToken: 8_000 };

function withConversations(
  result: SimulationResult,
  conversations: readonly ConversationResult[],
): SimulationResult {
  return {
    ...result,
    conversations,
    aggregate: aggregateFigures(conversations),
  };
}

/**
 * Every element whose box sticks out of its parent's, whose content is wider
 * than itself (clipped or overflowing text), and every SVG label outside its
 * chart; plus the page itself scrolling sideways.
 */
function findOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (element: Element): string => {
      const id = element.id === '' ? '' : `#${element.id}`;
      const classes = (element.getAttribute('class') ?? '').trim();
      const className =
        classes === '' ? '' : `.${classes.split(/\s+/).join('.')}`;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${className} "${text}"`;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(
        `the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`,
      );
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const owner = (element as SVGElement).ownerSVGElement;
      if (owner !== null && owner !== undefined) {
        if (element.tagName !== 'text') continue;
        const box = element.getBoundingClientRect();
        const chart = owner.getBoundingClientRect();
        if (
          box.left < chart.left - 0.5 ||
          box.right > chart.right + 0.5 ||
          box.top < chart.top - 0.5 ||
          box.bottom > chart.bottom + 0.5
        ) {
          problems.push(`${describe(element)} is cut off by its chart`);
        }
        continue;
      }
      const style = getComputedStyle(element);
      if (
        style.display === 'none' ||
        ['SCRIPT', 'STYLE'].includes(element.tagName)
      )
        continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const parent = element.parentElement!;
      const outer = parent.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) {
        problems.push(
          `${describe(element)} overflows ${describe(parent)} (${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(outer.left)}–${Math.round(outer.right)})`,
        );
      }
      if (
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(
          `${describe(element)} content is wider than its box (${element.scrollWidth} > ${element.clientWidth})`,
        );
      }
    }
    return problems;
  });
}

describe.skipIf(!existsSync(CHROMIUM))(
  'renderReport (headless Chromium)',
  () => {
    let browser: Browser;
    /** The five sample conversations at a tight budget. */
    let sample: SimulationResult;
    /** One conversation. */
    let single: SimulationResult;
    /** 120 conversations: the sample repeated, with varied violations. */
    let many: SimulationResult;

    beforeAll(async () => {
      sample = await simulate({
        conversations: await readConversations(SAMPLE_FILE),
        config: TIGHT_CONFIG,
        createCounter: () => createApproximateTokenCounter(),
      });
      single = withConversations(sample, sample.conversations.slice(0, 1));
      many = withConversations(
        sample,
        Array.from({ length: 120 }, (_, index) => {
          const conversation =
            sample.conversations[index % sample.conversations.length]!;
          return {
            ...conversation,
            id: `${conversation.id}#${index}`,
            figures: {
              ...conversation.figures,
              contractViolations: (index * 7) % 5,
            },
          };
        }),
      );
      await mkdir(OUTPUT_DIRECTORY, { recursive: true });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    async function open(
      result: SimulationResult,
      width: number,
    ): Promise<{ page: Page; errors: string[]; requests: string[] }> {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setContent(renderReport(result), { waitUntil: 'load' });
      await page.waitForSelector('body[data-rendered="true"]');
      return { page, errors, requests };
    }

    async function openAllDetails(page: Page, count: number): Promise<void> {
      await page.click('#expand-all');
      await page.waitForFunction(
        (expected) =>
          document.querySelectorAll('details.conversation[data-drawn="true"]')
            .length === expected,
        count,
      );
    }

    it('should draw the charts and the index with the numbers of the JSON, offline', async () => {
      const { page, errors, requests } = await open(sample, 1280);
      await openAllDetails(page, sample.conversations.length);

      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      // Index: one row per conversation, in input order.
      expect(
        await page
          .locator('#conversation-index tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => row.getAttribute('data-id')),
          ),
      ).toEqual(sample.conversations.map((conversation) => conversation.id));
      // One token chart per conversation with turns, one point per turn on each curve.
      for (const [index, conversation] of sample.conversations.entries()) {
        const details = page.locator(`#conversation-${index}`);
        const chart = details.locator('svg.token-chart');
        for (const series of ['raw', 'managed']) {
          const points = await chart
            .locator(`polyline.series-${series}`)
            .getAttribute('points');
          expect(points!.split(' ')).toHaveLength(conversation.turns.length);
        }
        expect(
          await details
            .locator('.data-label[data-kind="peak-raw"]')
            .textContent(),
        ).toBe(formatCount(conversation.figures.peakRawTokens));
        expect(
          await details
            .locator('.data-label[data-kind="peak-managed"]')
            .textContent(),
        ).toBe(formatCount(conversation.figures.peakManagedTokens));
        expect(
          await details
            .locator('.data-label[data-kind="budget"]')
            .textContent(),
        ).toBe(formatCount(sample.config.maxToken));
        expect(
          await details.locator('svg.token-chart line.budget').count(),
        ).toBe(1);
        // One dot per strategy and turn, holding every event of it.
        const dots = await details
          .locator('circle.event')
          .evaluateAll((circles) =>
            circles.map((circle) => ({
              key: `${circle.getAttribute('data-strategy')}|${circle.getAttribute('data-turn')}`,
              count: Number(circle.getAttribute('data-count')),
            })),
          );
        const expectedDots = new Map<string, number>();
        for (const event of conversation.events) {
          const key = `${event.strategy}|${event.turn}`;
          expectedDots.set(key, (expectedDots.get(key) ?? 0) + 1);
        }
        expect(
          new Map(dots.map(({ key, count }) => [key, count])),
        ).toStrictEqual(expectedDots);
        expect(dots).toHaveLength(expectedDots.size);
        // No empty chart: a conversation without events says so instead.
        expect(await details.locator('svg.timeline').count()).toBe(
          conversation.events.length === 0 ? 0 : 1,
        );
        expect(await details.locator('.timeline-box .empty').count()).toBe(
          conversation.events.length === 0 ? 1 : 0,
        );
      }
      expect(
        sample.conversations.some(
          (conversation) => conversation.events.length === 0,
        ),
      ).toBe(true);
      // Overview: one point per conversation on each curve.
      expect(
        (await page
          .locator('svg.overview-chart polyline.series-managed')
          .getAttribute('points'))!.split(' '),
      ).toHaveLength(sample.conversations.length);
      expect(
        await page
          .locator('#aggregate-table [data-metric="cumulative-managed"]')
          .textContent(),
      ).toBe(formatCount(sample.aggregate.cumulativeManagedTokens));
      await page.close();
    });

    it('should show each strategy’s share of the savings and flag the last resort', async () => {
      // The sample's own strategies, plus a last resort that saved as much as all of them together (the
      // real figures move as the strategies improve; the report only has to show what the JSON says).
      const measured = Object.values(sample.aggregate.strategies).reduce(
        (sum, figures) => sum + Math.max(0, figures.tokensSaved),
        0,
      );
      expect(measured).toBeGreaterThan(0);
      const result: SimulationResult = {
        ...sample,
        aggregate: {
          ...sample.aggregate,
          strategies: {
            ...sample.aggregate.strategies,
            lastResort: {
              passes: 4,
              failedPasses: 0,
              deferredPasses: 0,
              events: 3,
              tokensSaved: measured,
              summarizerCalls: 0,
            },
          },
        },
      };
      const { page } = await open(result, 1280);
      const strategies = Object.entries(result.aggregate.strategies).filter(
        ([, figures]) => figures.events > 0 || figures.tokensSaved > 0,
      );
      const total = strategies.reduce(
        (sum, [, figures]) => sum + Math.max(0, figures.tokensSaved),
        0,
      );
      // Biggest saver first.
      expect(
        await page
          .locator('#strategy-chart .strategy-row')
          .evaluateAll((rows) =>
            rows.map((row) => row.getAttribute('data-strategy')),
          ),
      ).toEqual(
        [...strategies]
          .sort(([, a], [, b]) => b.tokensSaved - a.tokensSaved)
          .map(([name]) => name),
      );
      for (const [name, figures] of strategies) {
        const label = page.locator(
          `#strategy-chart .bar-label[data-strategy="${name}"]`,
        );
        expect(
          await label.locator('[data-kind="tokens-saved"]').textContent(),
        ).toBe(formatCount(figures.tokensSaved));
        expect(await label.locator('[data-kind="share"]').textContent()).toBe(
          `${((100 * Math.max(0, figures.tokensSaved)) / total).toFixed(1)} %`,
        );
      }
      const lastResort = result.aggregate.strategies.lastResort!;
      expect(
        await page
          .locator(
            '.strategy-row.last-resort[data-strategy="lastResort"] .badge',
          )
          .textContent(),
      ).toBe('last resort');
      expect(await page.locator('#last-resort-note').textContent()).toContain(
        `The last resort did ${((100 * lastResort.tokensSaved) / total).toFixed(1)} % of the savings.`,
      );
      // Half of the savings: highlighted as a warning.
      expect(
        await page.locator('#last-resort-note').getAttribute('class'),
      ).toBe('warning');
      expect(
        await page
          .locator(
            '#strategy-chart .bar-label[data-strategy="lastResort"] [data-kind="share"]',
          )
          .textContent(),
      ).toBe('50.0 %');
      await page.close();
    });

    it('should say that nothing was compressed instead of drawing an empty chart', async () => {
      const roomy = await simulate({
        conversations: (await readConversations(SAMPLE_FILE)).slice(3, 4),
        config: { maxToken: 1_000_000 },
        createCounter: () => createApproximateTokenCounter(),
      });
      const { page, errors } = await open(roomy, 1280);

      expect(errors).toEqual([]);
      expect(await page.locator('#strategy-chart').textContent()).toBe(
        'No compression happened: every turn fit the budget.',
      );
      expect(
        await page
          .locator('#strategy-chart svg, #strategy-chart .strategy-row')
          .count(),
      ).toBe(0);
      expect(await page.locator('#last-resort-note').isHidden()).toBe(true);
      // One conversation: no overview chart, its details are open.
      expect(await page.locator('#overview-chart svg').count()).toBe(0);
      expect(await page.locator('svg.timeline').count()).toBe(0);
      expect(await page.locator('svg.token-chart').count()).toBe(1);
      await page.close();
    });

    it('should sort the index by savings, peak and violations', async () => {
      const { page } = await open(many, 1280);
      const order = () =>
        page
          .locator('#conversation-index tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => row.getAttribute('data-id')),
          );
      const indexed = many.conversations.map((conversation, index) => ({
        conversation,
        index,
      }));
      const expected = (
        key: (figures: ConversationResult['figures']) => number,
      ) =>
        [...indexed]
          .sort(
            (a, b) =>
              key(b.conversation.figures) - key(a.conversation.figures) ||
              a.index - b.index,
          )
          .map(({ conversation }) => conversation.id);

      await page.click('#conversation-index th button[data-sort="savings"]');
      expect(await order()).toEqual(
        expected((figures) => figures.cumulativeSavings ?? -Infinity),
      );
      await page.click('.toolbar button[data-sort="peak"]');
      expect(await order()).toEqual(
        expected((figures) => figures.peakManagedTokens),
      );
      expect(
        await page
          .locator('#conversation-index th[aria-sort="descending"]')
          .getAttribute('data-column'),
      ).toBe('peak');
      await page.click('.toolbar button[data-sort="violations"]');
      expect(await order()).toEqual(
        expected((figures) => figures.contractViolations),
      );
      await page.click('.toolbar button[data-sort="input"]');
      expect(await order()).toEqual(
        many.conversations.map((conversation) => conversation.id),
      );
      // The details start closed and open from the index.
      expect(await page.locator('details.conversation[open]').count()).toBe(0);
      await page.click('#conversation-index a[data-open="7"]');
      await page.waitForSelector('#conversation-7[data-drawn="true"]');
      expect(
        await page.locator('#conversation-7 svg.token-chart').count(),
      ).toBe(1);
      await page.close();
    });

    for (const [name, count] of [
      ['1 conversation', 1],
      ['120 conversations', 120],
    ] as const) {
      for (const width of [1280, 375]) {
        it(`should keep every element inside its box for ${name} at ${width} px`, async () => {
          const result = count === 1 ? single : many;
          expect(result.conversations).toHaveLength(count);
          const { page, errors } = await open(result, width);
          await openAllDetails(page, count);
          await page.evaluate(() => window.scrollTo(0, 0));

          expect(errors).toEqual([]);
          expect(await findOverflows(page)).toEqual([]);
          // The page gets no wider than the screen, and at phone width the index is one card per row.
          const pageWidth = await page.evaluate(
            () => document.documentElement.scrollWidth,
          );
          expect(pageWidth).toBe(width);
          await page.screenshot({
            path: join(
              OUTPUT_DIRECTORY,
              `report-${count}-conversations-${width}px.png`,
            ),
            fullPage: count === 1,
          });
          await page.close();
        }, 60_000);
      }
    }

    it('should catch clipped labels, overflowing boxes and labels outside a chart (the check can fail)', async () => {
      const { page } = await open(single, 375);
      await page.addStyleTag({
        content:
          '.strategy-name { white-space: nowrap; overflow: hidden; width: 40px; } .cards { width: 500px; }',
      });
      await page.evaluate(() => {
        document
          .querySelector('svg.token-chart text.tick')!
          .setAttribute('x', '-30');
      });

      const problems = await findOverflows(page);

      expect(
        problems.some((problem) =>
          problem.startsWith('the page scrolls sideways'),
        ),
      ).toBe(true);
      expect(
        problems.some((problem) =>
          /^div\.strategy-name "clearToolUses" content is wider than its box/.test(
            problem,
          ),
        ),
      ).toBe(true);
      expect(
        problems.some((problem) =>
          /^div#headline\.cards .* overflows section#overview/.test(problem),
        ),
      ).toBe(true);
      expect(
        problems.some((problem) =>
          /^text\.tick ".*" is cut off by its chart$/.test(problem),
        ),
      ).toBe(true);
      await page.close();
    });

    it('should redraw the charts to the new width when the window narrows', async () => {
      const { page } = await open(single, 1280);
      const wide = await page.locator('svg.token-chart').getAttribute('width');
      await page.setViewportSize({ width: 375, height: 900 });
      await page.waitForFunction(
        (before) =>
          document.querySelector('svg.token-chart')?.getAttribute('width') !==
          before,
        wide,
      );

      expect(await findOverflows(page)).toEqual([]);
      expect(
        Number(await page.locator('svg.token-chart').getAttribute('width')),
      ).toBeLessThanOrEqual(375 - 24);
      await page.close();
    });
  },
);
