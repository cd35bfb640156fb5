/** `npm start` in this folder: runs the order flow once and prints what happened. */
import { runOrder } from './run-order';

const { result, finished } = await runOrder([
  { sku: 'book', qty: 2, price: 30 },
  { sku: 'lamp', qty: 1, price: 55 },
]);
process.stdout.write(`status: ${result.status} in ${result.duration} ms\n`);
process.stdout.write(`steps finished: ${finished.join(', ')}\n`);
process.stdout.write(`total: ${JSON.stringify(result.steps.step_1?.output)}\n`);
process.stdout.write(
  `route: ${JSON.stringify(result.steps.step_5?.output ?? result.steps.step_6?.output)}\n`,
);
process.stdout.write(`summary: ${JSON.stringify(result.steps.step_7?.output)}\n`);
