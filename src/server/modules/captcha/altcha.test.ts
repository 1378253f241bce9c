import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import {
  ALTCHA_CHALLENGE_TTL_MS,
  altchaHmacKey,
  createAltchaChallenge,
  decodeAltchaPayload,
} from './altcha.ts';

describe('ALTCHA challenges', () => {
  it('derives a stable HMAC key from the session secret without being the secret', () => {
    const key = altchaHmacKey('s'.repeat(40));
    expect(key).toBe(altchaHmacKey('s'.repeat(40)));
    expect(key).not.toContain('s'.repeat(40));
    expect(altchaHmacKey('t'.repeat(40))).not.toBe(key);
  });

  it('creates a signed challenge that expires after 10 minutes and a solver can solve', async () => {
    const now = Date.UTC(2026, 0, 1);
    const challenge = await createAltchaChallenge({
      hmacKey: 'k'.repeat(32),
      maxNumber: 50,
      now: () => now,
    });
    expect(challenge.parameters.expiresAt).toBe((now + ALTCHA_CHALLENGE_TTL_MS) / 1000);
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeLessThan(50);
  });

  it('decodes only base64 JSON of { challenge, solution }', async () => {
    const challenge = await createAltchaChallenge({ hmacKey: 'k'.repeat(32), maxNumber: 10 });
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect(decodeAltchaPayload(payload)?.challenge.signature).toBe(challenge.signature);
    expect(decodeAltchaPayload('not base64 json')).toBeUndefined();
    expect(decodeAltchaPayload(Buffer.from('{"challenge":{}}').toString('base64'))).toBeUndefined();
    expect(decodeAltchaPayload('A'.repeat(9000))).toBeUndefined();
  });
});
