// One counter for every factory of a test file (each file runs in its own process on its own
// database), so default names, e-mails and IDs never collide with each other.
let last = 0;

export function nextSerial(): number {
  last += 1;
  return last;
}
