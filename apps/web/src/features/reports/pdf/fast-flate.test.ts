import { unzlibSync } from 'fflate';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { speedUpFlate } from './fast-flate';

const streams = (pdf: string) =>
  [...pdf.matchAll(/\/Filter \/FlateDecode[\s\S]*?stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => match[1]!);

describe('stream compression for reports', () => {
  it('writes the deflated streams jsPDF writes, and they inflate to the page content', () => {
    const draw = () => {
      const doc = new jsPDF({ compress: true });
      doc.text('Report of all damages – Spleißzustände', 10, 10);
      return doc.output();
    };
    const before = draw();
    speedUpFlate();
    speedUpFlate();
    const after = draw();
    const content = streams(after);
    expect(content.length).toBeGreaterThan(0);
    const bytes = Uint8Array.from(content[0]!, (char) => char.charCodeAt(0));
    const text = new TextDecoder('latin1').decode(unzlibSync(bytes));
    expect(text).toContain('Report of all damages');
    expect(streams(before)).toEqual(content);
  });
});
