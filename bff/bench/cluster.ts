// `npm run bench:cluster` (issue 47): 3 BFFs behind a round-robin balancer, 200 open homes, 1,000 org
// changes, the lease holder SIGKILLed mid-run, then Redis restarted; and 5,000 open event streams on
// one instance for the memory each costs. Prints figures and the goals (BENCH-GOAL lines).
// CLUSTER_HOMES, CLUSTER_CHANGES, CLUSTER_STREAMS size it down for a quick look.
import { benchGoal } from '../../scripts/bench-goal.mjs';
import { runCluster } from './cluster-run';
import { measureStreams } from './stream-memory';

const homes = Number(process.env.CLUSTER_HOMES ?? 200);
const total = Number(process.env.CLUSTER_CHANGES ?? 1000);
const streams = Number(process.env.CLUSTER_STREAMS ?? 5000);
const log = (line: string) => console.log(`[cluster] ${line}`);

const figures = await runCluster({
  homes,
  changes: {
    steady: Math.round(total * 0.4),
    afterKill: Math.round(total * 0.3),
    redisDown: Math.round(total * 0.1),
    after: total - Math.round(total * 0.4) - Math.round(total * 0.3) - Math.round(total * 0.1),
  },
  log,
});
console.log(`PROOF-FIGURES ${JSON.stringify({ suite: 'cluster', ...figures })}`);
const steady = Math.round(total * 0.4);
console.log(
  `org deliveries while steady: ${figures.orgDeliveredSteady} for ${steady} changes (${(figures.orgDeliveredSteady / steady).toFixed(2)} per change; one subscriber per instance would be ${figures.instances}.00)`,
);
console.log(
  `whole run: ${figures.orgDelivered} deliveries for ${figures.changes} changes, peak ${figures.peakStreamingClients} streaming client(s); hints ${figures.hintsHeard} heard, ${figures.hintsExpected} expected, ${figures.hintsLost} lost, ${figures.hintsDuplicated} duplicated; ${figures.homesReconnected} homes reconnected after the kill`,
);
console.log(
  `latency from the org call to the home while steady: p50 ${figures.latencyP50} ms, p99 ${figures.latencyP99} ms, max ${figures.latencyMax} ms; changes made during a failover waited at most ${figures.failoverLatencyMax} ms`,
);
const B = 'bench:cluster';
benchGoal(
  B,
  `${homes} homes on 3 instances: the org delivers each change once while steady`,
  `${figures.orgDeliveredSteady} deliveries for ${steady} changes`,
  figures.orgDeliveredSteady === steady,
);
benchGoal(
  B,
  'one streaming client for the org',
  `peak ${figures.peakStreamingClientsSteady} while steady (${figures.peakStreamingClients} over the run: the org counts a killed holder's client until it expires)`,
  figures.peakStreamingClientsSteady === 1,
);
benchGoal(
  B,
  'every home that may know hears its hint: 0 lost, 0 twice',
  `${figures.hintsLost} lost, ${figures.hintsDuplicated} twice of ${figures.hintsExpected}`,
  figures.hintsLost === 0 && figures.hintsDuplicated === 0,
);
benchGoal(B, 'hint p99 ≤ 1 s from the org commit', `${figures.latencyP99} ms`, figures.latencyP99 <= 1000);
benchGoal(
  B,
  'a new holder within 10 s of the holder killed',
  `${figures.takeoverAfterKillMs} ms`,
  figures.takeoverAfterKillMs <= 10_000,
);
benchGoal(
  B,
  'a holder again within 10 s of Redis coming back (the changes made meanwhile heard)',
  `${figures.takeoverAfterRedisMs} ms`,
  figures.takeoverAfterRedisMs <= 10_000,
);
benchGoal(
  B,
  'the org delivers each event once across the Redis restart (none handed over twice by the replay)',
  `${figures.orgRedeliveredRedisRestart} delivered twice (the holder killed: ${figures.orgRedeliveredAfterKill}, an event the org handed to the dying process)`,
  figures.orgRedeliveredRedisRestart === 0,
);
// The issue's own line, kept failing while it fails: a SIGKILL with an answer in flight makes the org
// count that event twice (bff/README.md says why no design a real org counts once avoids it without
// losing the hint); the next line is what the product holds to meanwhile.
benchGoal(
  B,
  'over the whole run the org delivers each event once (1,000 deliveries for 1,000 changes)',
  `${figures.orgDelivered} deliveries for ${figures.changes} changes`,
  figures.orgDelivered === figures.changes,
);
benchGoal(
  B,
  "over the whole run the org delivers each event once, but for the killed holder's in-flight answer (at most 1 event)",
  `${figures.orgDelivered} deliveries for ${figures.changes} changes: ${figures.orgRedelivered} twice, ${figures.orgRedeliveredAfterKill} of them across the SIGKILL`,
  figures.orgDelivered - figures.orgRedelivered === figures.changes &&
    figures.orgRedelivered === figures.orgRedeliveredAfterKill &&
    figures.orgRedeliveredAfterKill <= 1,
);
benchGoal(
  B,
  '0 sessions signed out, 0 5xx',
  `${figures.signedOut} signed out, ${figures.fiveHundreds} 5xx`,
  figures.signedOut === 0 && figures.fiveHundreds === 0,
);

const memory = await measureStreams(streams, log);
console.log(`PROOF-FIGURES ${JSON.stringify({ suite: 'stream-memory', ...memory })}`);
benchGoal(
  B,
  `memory per open event stream ≤ 20 KB (${streams} streams on one instance)`,
  `${memory.bytesPerStream} B`,
  memory.bytesPerStream <= 20 * 1024,
);
benchGoal(
  B,
  `${streams} open streams on one instance hold (each hears a forms hint)`,
  `${memory.heard} of ${memory.streams}`,
  memory.heard === memory.streams,
);
