import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Burns the same time as a verify, so an unknown email cannot be told apart by timing. */
  dummyVerify(password: string): Promise<void>;
}

/**
 * scrypt with N=2^17, r=8, p=1 (~0.3–0.5 s of a core, 128 MiB) as the design requires. The cost
 * is stored in each hash, so a lower `logN` (tests only) still verifies production hashes.
 */
export function createPasswordHasher(logN = 17): PasswordHasher {
  const r = 8;
  const p = 1;
  const keylen = 64;
  const options = (n: number): ScryptOptions => ({ N: 2 ** n, r, p, maxmem: 256 * 1024 * 1024 });

  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, keylen, options(logN));
    return `scrypt$${logN}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  };
  const verify = async (password: string, stored: string) => {
    const [scheme, n, rs, ps, saltText, keyText] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !rs || !ps || !saltText || !keyText) return false;
    const expected = Buffer.from(keyText, 'base64');
    const key = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, {
      N: 2 ** Number(n),
      r: Number(rs),
      p: Number(ps),
      maxmem: 256 * 1024 * 1024,
    });
    return timingSafeEqual(key, expected);
  };
  let dummy: Promise<string> | null = null;
  return {
    hash,
    verify,
    async dummyVerify(password) {
      dummy ??= hash('not-a-real-password');
      await verify(password, await dummy);
    },
  };
}
