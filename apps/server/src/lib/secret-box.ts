import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (authenticator secrets) with AES-256-GCM under a key derived from the
 * server's secret key and a purpose: a copy of the database alone does not give them away.
 */
export function createSecretBox(secretKey: string, purpose: string) {
  const key = createHash('sha256').update(`${secretKey}:secret-box:${purpose}`).digest();
  return {
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The plain text, or null when the box was sealed with another key or altered. */
    open(sealed: string): string | null {
      const [version, iv = '', tag = '', data = ''] = sealed.split('.');
      if (version !== 'v1') return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
