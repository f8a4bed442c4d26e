import { existsSync } from 'node:fs';
import { createApproximateTokenCounter } from '@acm/core';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount } from './format-tables';
import { readConversations } from './read-conversations';
import { renderReport } from './render-report';
import { simulate } from './simulate';
import type { SimulationResult } from './simulation-result';
import { SAMPLE_CONFIG, SAMPLE_FILE } from './test-fixtures';

const CHROMIUM = '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM))(
  'renderReport (headless Chromium)',
  () => {
    let browser: Browser;
    let result: SimulationResult;

    beforeAll(async () => {
      result = await simulate({
        conversations: (await readConversations(SAMPLE_FILE)).slice(0, 3),
        config: SAMPLE_CONFIG,
        createCounter: () => createApproximateTokenCounter(),
      });
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
    }, 30_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('should draw the charts with the numbers of the JSON, offline', async () => {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setContent(renderReport(result), { waitUntil: 'load' });
      await page.waitForSelector('body[data-rendered="true"]');

      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
      // One token chart per conversation, one point per turn on each curve.
      const charts = page.locator('svg.token-chart');
      expect(await charts.count()).toBe(result.conversations.length);
      for (const [index, conversation] of result.conversations.entries()) {
        const chart = charts.nth(index);
        for (const series of ['raw', 'managed']) {
          const points = await chart
            .locator(`polyline.series-${series}`)
            .getAttribute('points');
          expect(points!.split(' ')).toHaveLength(conversation.turns.length);
        }
        expect(
          await chart
            .locator('.data-label[data-kind="peak-raw"]')
            .textContent(),
        ).toBe(formatCount(conversation.figures.peakRawTokens));
        expect(
          await chart
            .locator('.data-label[data-kind="peak-managed"]')
            .textContent(),
        ).toBe(formatCount(conversation.figures.peakManagedTokens));
        const timeline = page.locator('svg.timeline').nth(index);
        expect(await timeline.locator('circle.event').count()).toBe(
          conversation.events.length,
        );
      }
      // One bar per strategy, labelled with the tokens it saved.
      const strategies = Object.entries(result.aggregate.strategies);
      expect(strategies.length).toBeGreaterThan(0);
      expect(await page.locator('#strategy-savings rect.bar').count()).toBe(
        strategies.length,
      );
      for (const [name, figures] of strategies) {
        expect(
          await page
            .locator(
              `#strategy-savings .bar-label[data-strategy="${name}"] .data-label`,
            )
            .textContent(),
        ).toBe(formatCount(figures.tokensSaved));
      }
      expect(
        await page
          .locator('#aggregate-table [data-metric="cumulative-managed"]')
          .textContent(),
      ).toBe(formatCount(result.aggregate.cumulativeManagedTokens));
      await page.close();
    });
  },
);
