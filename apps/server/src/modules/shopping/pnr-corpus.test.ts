import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { airportsFor } from '../reference/reference.ts';
import { parsePnr, PnrReadError, sortSegments } from './pnr-parser.ts';

/**
 * The corpus (pnr-corpus/manifest.json): every sample display must read exactly as the manifest says, segment by
 * segment and name by name, or be refused at the line and for the reason it names. Issue 15 came from displays that
 * read "almost" right, so nothing here is checked loosely.
 */
const dir = fileURLToPath(new URL('./pnr-corpus/', import.meta.url));
interface Sample {
  file: string;
  system: 'amadeus' | 'sabre' | 'eterm';
  today: string;
  provenance: 'copied' | 'copied-modified' | 'composed';
  source: string;
  covers: string[];
  expected: any;
}
const manifest = JSON.parse(readFileSync(`${dir}manifest.json`, 'utf8')) as { samples: Sample[] };

describe('PNR display corpus', () => {
  it('lists every display file once, at least 20, from all three systems, and says where each came from', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
    expect(manifest.samples.map((s) => s.file).sort()).toEqual(files);
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(new Set(manifest.samples.map((s) => s.system))).toEqual(new Set(['amadeus', 'sabre', 'eterm']));
    for (const s of manifest.samples) {
      expect(s.source.length, s.file).toBeGreaterThan(10);
      expect(['copied', 'copied-modified', 'composed']).toContain(s.provenance);
    }
  });

  for (const sample of manifest.samples) {
    it(`${sample.file} (${sample.system}, ${sample.provenance})`, () => {
      const text = readFileSync(`${dir}${sample.file}`, 'utf8');
      const today = new Date(`${sample.today}T08:00:00Z`);
      const { expected } = sample;
      if (expected.refused) {
        let error: unknown;
        try {
          parsePnr(text, today);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(PnrReadError);
        const e = error as PnrReadError;
        expect({ line: e.line, reason: e.reason, text: e.text }).toEqual(expected.refused);
        return;
      }
      const parsed = parsePnr(text, today);
      expect(parsed.recordLocator).toBe(expected.recordLocator);
      expect(parsed.group ? { seats: parsed.group.seats, name: parsed.group.name } : null).toEqual(expected.group);
      expect(parsed.segments.map(({ text: _raw, ...s }) => s)).toEqual(expected.segments);
      // Each segment's text is the line it was read from, so a message can quote it.
      for (const s of parsed.segments) expect(s.text).toContain(s.flightNumber.slice(2));
      expect(parsed.passengers).toEqual(expected.passengers);
      if (expected.setAside) {
        const { skipped } = sortSegments(parsed.segments, (c) => airportsFor(c).length > 0);
        expect(skipped.map((k) => ({ line: k.segment.line, flightNumber: k.segment.flightNumber, reason: k.reason, code: k.code }))).toEqual(expected.setAside);
      }
    });
  }
});
