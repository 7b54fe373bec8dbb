import { describe, expect, it } from 'vitest';
import { decodeField, encodeField } from './tab-separated-text.js';

describe('decodeField', () => {
  it('undoes encodeField for text with tabs, newlines, carriage returns and backslashes', () => {
    for (const text of ['plain', 'a\tb', 'line\nbreak\r', 'back\\slash', '\\t is not a tab', '']) {
      expect(decodeField(encodeField(text))).toBe(text);
    }
  });

  it("reads PostgreSQL COPY TO's other escapes", () => {
    expect(decodeField('a\\bb\\fc\\vd')).toBe('a\bb\fc\vd');
  });
});
