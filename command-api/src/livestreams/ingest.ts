import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { DomainError, livestreamDecider, livestreamStream, type LivestreamCommand } from '@sideline/domain';
import { teamSubject, toEnvelope, type Bus, type Logger } from '@sideline/infra';
import {
  findLivestreamRow,
  listLiveLivestreamIds,
  playersLackingConsent,
  type ReadModels,
} from '@sideline/projections';
import { ffmpegAvailable } from '../media/video-processing.ts';
import type { CommandHandler } from '../shared/command-handler.ts';
import { hlsRoot, LiveHls, removeHlsLeftovers, type FlvBroadcast, type FlvSubscriber } from './hls.ts';
import { hashStreamKey, openStreams, type OpenStream, type StreamKeyTables } from './stream-keys.ts';

const require = createRequire(import.meta.url);

/** node-media-server's pieces we use (it ships no types). */
interface NmsSession {
  id: string;
  ip: string;
  protocol: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  socket?: net.Socket;
  rtmp?: { onDeleteStream: (message: unknown) => void };
  broadcast: NmsBroadcast;
}
/** A broadcast's subscribers: viewers' HTTP responses, the recorder's file, the HLS packager. */
type NmsBroadcast = FlvBroadcast;
type Subscriber = FlvSubscriber;

/** A viewer that falls this far behind (bytes queued in its socket) is dropped, not buffered forever. */
const MAX_VIEWER_BACKLOG = 8 * 1024 * 1024;
/** Viewer-count frames are pushed at most this often per stream. */
const VIEWERS_PUSH_MS = 250;
/**
 * An HLS client is a viewer while it keeps asking: for this long after its last playlist or
 * segment request. Players reload a live playlist every 0.5–1 target duration (1–2 s here).
 */
export const HLS_VIEWER_WINDOW_MS = 5000;
/** Bounds the HLS viewers remembered per stream (each request may bring a new player id). */
const MAX_HLS_VIEWERS = 10_000;

export interface IngestOptions {
  db: Kysely<ReadModels & StreamKeyTables>;
  handle: CommandHandler;
  bus: Bus;
  logger: Logger;
  dataDir: string;
  host: string;
  port: number;
  graceMs: number;
  /** Called once a stream has ended, with its recorded FLV segments (oldest first). */
  onRecorded?: (livestreamId: string, segments: string[]) => void;
}

interface Publisher {
  livestreamId: string;
  /** The hash of the key it connected with: once the stream's key is rotated, it is disconnected. */
  keyHash: string;
  session: NmsSession;
  /** The publisher sent deleteStream: its end is clean, not a drop. */
  clean: boolean;
  /** Our own handling of its end is done (ended by a manager, or refused). */
  settled: boolean;
}

/** A stream whose key publishes here. */
interface KeyedStream {
  livestreamId: string;
  teamId: string;
  recordStream: boolean;
  /** Public streams publish only while every rostered player has public and livestream consent. */
  isPublic: boolean;
}

interface Recorder extends Subscriber {
  file: WriteStream;
  filePath: string;
  bytes: number;
}

interface LiveStream {
  livestreamId: string;
  teamId: string;
  recordStream: boolean;
  broadcast: NmsBroadcast | null;
  viewers: Map<string, { subscriber: Subscriber; response: ServerResponse }>;
  peak: number;
  recorder: Recorder | null;
  segments: string[];
  graceTimer: NodeJS.Timeout | null;
  pushTimer: NodeJS.Timeout | null;
  /** HLS packaging (null when ffmpeg is missing). */
  hls: LiveHls | null;
  /** HLS viewer key → when it last asked for the playlist or a segment. */
  hlsViewers: Map<string, number>;
  hlsSweep: NodeJS.Timeout | null;
}

/**
 * RTMP ingest for livestreams on node-media-server 4.4.3, run inside the API process.
 *
 * - A publish is accepted at connect only with the key of a scheduled or live stream (checked
 *   synchronously against the SHA-256 of publishable keys; NMS's hooks are not awaited), and
 *   only when that stream has no publisher yet. Anything else is refused with socket.destroy().
 * - Rotating a stream's key disconnects the publisher that connected with the old key, as a drop:
 *   the stream is interrupted and may resume, within the grace period, only with the new key. A
 *   rotation in this process says so at once (allowKey); one in another API process arrives as
 *   the stream's `livestream_updated` notice, on which the keys are reloaded. A key revoked
 *   (the organization deactivated the person it was issued to) is dropped the same way.
 * - On every reload, what changed elsewhere is applied here too: a stream ended or cancelled by a
 *   manager in another process lets its publisher, viewers and recording go as if ended here
 *   (endedByManager); a live stream whose team was deleted is cut off and ended (TeamGone).
 * - Publish start, drop and clean end become the machine's signals (PublishStarted,
 *   PublishDropped, PublishEnded, GraceExpired) on the stream: we watch the publisher's socket
 *   and its deleteStream ourselves, as NMS only reports an end after its 30 s grace window.
 * - Playback is served by the API (HTTP-FLV): viewers subscribe to the NMS broadcast; counts
 *   and peaks are pushed to the team over the bus. NMS's own HTTP server is not started.
 * - A recorder subscribes like a viewer and writes the FLV bytes to DATA_DIR/livestreams/{id}/.
 * - HLS: per stream, an ffmpeg child subscribes like a viewer and copies the stream into
 *   segments under DATA_DIR/hls/{id}/ (LiveHls), removed when the stream ends. HLS viewers are
 *   the clients that asked for its playlist or segments within HLS_VIEWER_WINDOW_MS.
 */
export class LivestreamIngest {
  private nms: { run(): Promise<void>; stop(): Promise<void>; rtmpServer: { tcpServer?: net.Server } } | null = null;
  private context: { eventEmitter: NodeJS.EventEmitter } | null = null;
  private listeners: Array<[string, (session: NmsSession) => void]> = [];
  /** key hash → stream, for the streams that may be published. */
  private keys = new Map<string, KeyedStream>();
  /** Public streams whose publish waits on the consent check: they have no second publisher meanwhile. */
  private checking = new Set<string>();
  private keysVersion = 0;
  /** The key reload under way (reloads run one at a time, so a slower read never undoes a newer one). */
  private reloading: Promise<void> | null = null;
  private reloadWanted = false;
  /** Streams that ended or were cancelled here: final, whatever a lagging read model says. */
  private over = new Set<string>();
  /** The scheduled and live streams as of the last reload, and whether they may publish. */
  private open = new Map<string, OpenStream['standing']>();
  private publishers = new Map<string, Publisher>();
  private live = new Map<string, LiveStream>();
  /** Per stream, the signals in the order they happened. */
  private chains = new Map<string, Promise<unknown>>();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** ffmpeg can be run here: streams are also packaged as HLS. */
  private hlsEnabled = false;
  port = 0;

  constructor(private readonly options: IngestOptions) {}

  /** Starts listening; resolves false (logged) when the port is taken, instead of NMS's process.exit. */
  async start(): Promise<boolean> {
    const { host, port, logger } = this.options;
    if (!(await portIsFree(host, port))) {
      logger.error({ port }, `RTMP ingest not started: port ${port} is in use (set RTMP_PORT)`);
      return false;
    }
    const NodeMediaServer = require('node-media-server');
    const nmsLogger = require('node-media-server/src/core/logger.js');
    this.context = require('node-media-server/src/core/context.js');
    const sigint = process.listeners('SIGINT');
    const sigterm = process.listeners('SIGTERM');
    const consoleLog = console.log;
    console.log = () => {}; // its banner
    try {
      this.nms = new NodeMediaServer({
        bind: host,
        rtmp: { port, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
        store: { path: path.join(this.options.dataDir, 'nms-store') },
      });
    } finally {
      console.log = consoleLog;
    }
    // Its log lines name stream paths, which hold stream keys: none of them leave the process.
    nmsLogger.level = 'error';
    nmsLogger.log = (message: string, level: string) => {
      if (level === 'error' || level === 'warn') logger.debug({ nms: redact(message) }, 'node-media-server');
    };
    const on = (event: string, listener: (session: NmsSession) => void) => {
      this.context!.eventEmitter.on(event, listener);
      this.listeners.push([event, listener]);
    };
    on('prePublish', (session) => this.onPrePublish(session));
    // NMS exits the process when its port is taken after all (another process won the race
    // since the check above, e.g. two API processes starting together): give up the ingest instead.
    let listenFailed: (err: Error) => void = () => {};
    const failed = new Promise<Error>((resolve) => (listenFailed = resolve));
    (this.nms!.rtmpServer as unknown as { handleListenError: () => (err: Error) => void }).handleListenError =
      () => (err) =>
        listenFailed(err);
    await this.nms!.run();
    const tcp = this.nms!.rtmpServer.tcpServer;
    if (tcp && !tcp.listening) {
      const outcome = await Promise.race([
        new Promise<null>((resolve) => tcp.once('listening', () => resolve(null))),
        failed,
      ]);
      if (outcome) {
        logger.error({ port, err: outcome }, `RTMP ingest not started: port ${port} is in use (set RTMP_PORT)`);
        for (const [event, listener] of this.listeners) this.context?.eventEmitter.off(event, listener);
        this.listeners = [];
        return false;
      }
    }
    tcp?.removeAllListeners('error');
    tcp?.on('error', (err) => logger.error({ err }, 'RTMP ingest listener failed'));
    const address = tcp?.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    // NMS installs no signal handlers in 4.4.3, but never let it own the process's.
    for (const [signal, before] of [
      ['SIGINT', sigint],
      ['SIGTERM', sigterm],
    ] as const) {
      for (const l of process.listeners(signal)) if (!before.includes(l)) process.off(signal, l);
    }

    this.hlsEnabled = await ffmpegAvailable();
    if (!this.hlsEnabled) logger.warn('ffmpeg is not installed: livestreams play over HTTP-FLV only (no HLS)');
    await this.reloadKeys();
    // Keys created or rotated in another API process, streams ended elsewhere: reload on notice.
    this.unsubscribe = this.options.bus.subscribe('sideline.team.*.livestream', (message) => {
      const type = (message.data as { type?: string }).type;
      if (type !== 'livestream_updated') return;
      this.reloadKeys().catch((err: unknown) => this.options.logger.warn({ err }, 'stream keys could not be reloaded'));
    });
    // Streams left live by a previous run have lost their publisher: they get the grace period
    // (or end at once, when their team was deleted meanwhile).
    const liveRows = await listLiveLivestreamIds(this.options.db);
    // HLS files of streams no longer live are leftovers; a live one's go when it ends.
    await removeHlsLeftovers(this.options.dataDir, new Set(liveRows.map((r) => r.id)));
    for (const row of liveRows) {
      const stream = await this.liveStream(row.id);
      if (!stream) continue;
      if (row.teamDeleted) {
        this.closeForDeletedTeam(row.id);
        continue;
      }
      if (row.ingest === 'on_air')
        await this.signal(row.id, { type: 'PublishDropped', data: { ...this.sent(row.id), sessionId: 'restart' } });
      this.startGrace(stream);
    }
    logger.info({ port: this.port }, 'RTMP ingest listening');
    return true;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe?.();
    for (const [event, listener] of this.listeners) this.context?.eventEmitter.off(event, listener);
    const packaging: Array<Promise<void>> = [];
    for (const stream of this.live.values()) {
      if (stream.graceTimer) clearTimeout(stream.graceTimer);
      if (stream.pushTimer) clearTimeout(stream.pushTimer);
      if (stream.hlsSweep) clearInterval(stream.hlsSweep);
      for (const { response } of stream.viewers.values()) response.destroy();
      this.closeRecorder(stream);
      if (stream.hls) packaging.push(stream.hls.close());
    }
    for (const p of this.publishers.values()) {
      p.settled = true;
      p.session.socket?.destroy();
    }
    await Promise.allSettled(packaging);
    await this.nms?.stop();
    await Promise.allSettled([...this.chains.values()]);
  }

  /**
   * Publishable keys from the tables (and then from the calls below as they happen here). A call
   * made while a reload is under way is answered by one more reload after it. Then the
   * publishers and streams here follow what the tables say (see reconcile).
   */
  reloadKeys(): Promise<void> {
    this.reloadWanted = true;
    if (!this.reloading) {
      this.reloading = (async () => {
        while (this.reloadWanted) {
          this.reloadWanted = false;
          await this.readKeys();
          this.reconcile();
        }
      })().finally(() => (this.reloading = null));
    }
    return this.reloading;
  }

  private async readKeys(): Promise<void> {
    for (;;) {
      const version = this.keysVersion;
      const rows = await openStreams(this.options.db);
      const next = new Map<string, KeyedStream>();
      const open = new Map<string, OpenStream['standing']>();
      for (const r of rows) {
        open.set(r.livestreamId, r.standing);
        if (r.hash && !this.over.has(r.livestreamId)) {
          next.set(r.hash, {
            livestreamId: r.livestreamId,
            teamId: r.teamId,
            recordStream: r.recordStream,
            isPublic: r.isPublic,
          });
        }
      }
      // A key set or revoked here while the tables were read: read them again.
      if (version !== this.keysVersion) continue;
      this.keys = next;
      this.open = open;
      return;
    }
  }

  /**
   * After a reload: publishers without a working key are dropped (dropPublishersWithoutTheirKey),
   * and the streams here that are over elsewhere are let go. A stream here is always in the
   * tables as scheduled or live until it is over (the read model only moves on), so one missing
   * from them was ended or cancelled in another process; one whose team was deleted is ended here.
   */
  private reconcile(): void {
    if (this.stopped) return;
    this.dropPublishersWithoutTheirKey();
    for (const id of new Set([...this.publishers.keys(), ...this.live.keys()])) {
      if (this.over.has(id)) continue;
      const standing = this.open.get(id);
      if (standing === undefined) {
        this.options.logger.info({ livestreamId: id }, 'livestream ended elsewhere: its publish here ends');
        this.endedByManager(id);
      } else if (standing === 'team_deleted') {
        this.closeForDeletedTeam(id);
      }
    }
  }

  /**
   * The stream's team was deleted: its publish is cut off, its key never publishes again, and the
   * stream ends (TeamGone) and lets its viewers and recording go.
   */
  private closeForDeletedTeam(livestreamId: string): void {
    const publisher = this.publishers.get(livestreamId);
    if (publisher) {
      publisher.settled = true;
      this.publishers.delete(livestreamId);
      publisher.session.socket?.destroy();
    }
    this.revokeKeys(livestreamId);
    this.options.logger.info({ livestreamId }, 'livestream of a deleted team ended');
    const peak = this.live.get(livestreamId)?.peak ?? 0;
    // Refused when it is no longer live (ended meanwhile): it is let go here all the same.
    void this.signal(livestreamId, { type: 'TeamGone', data: { ...this.sent(livestreamId), maxViewers: peak } }).then(
      () => this.finish(livestreamId),
    );
  }

  /** A stream's key was set or rotated here: publishable at once (the old key is not). */
  allowKey(hash: string, stream: KeyedStream): void {
    this.keysVersion++;
    for (const [h, s] of this.keys) if (s.livestreamId === stream.livestreamId) this.keys.delete(h);
    this.keys.set(hash, stream);
    this.dropPublishersWithoutTheirKey();
  }

  /**
   * Disconnects every publisher whose key no longer publishes: its stream has another key (it was
   * rotated), or none that works (it was revoked). A drop, so the stream is interrupted and waits
   * its grace period for a publish with a new key.
   */
  private dropPublishersWithoutTheirKey(): void {
    if (this.stopped) return;
    const keyed = new Set<string>();
    for (const s of this.keys.values()) keyed.add(s.livestreamId);
    for (const publisher of [...this.publishers.values()]) {
      const id = publisher.livestreamId;
      if (this.keys.get(publisher.keyHash)?.livestreamId === id) continue;
      // A stream with no key here that is over, or whose team is gone, is not dropped but ended (reconcile).
      const revoked = !keyed.has(id) && this.open.get(id) === 'revoked';
      if (!keyed.has(id) && !revoked) continue;
      this.options.logger.info(
        { session: publisher.session.id, livestreamId: id },
        revoked ? 'RTMP publish of a revoked key ended' : 'RTMP publish of a rotated key ended',
      );
      this.dropped(publisher);
      publisher.session.socket?.destroy();
    }
  }

  private revokeKeys(livestreamId: string): void {
    this.keysVersion++;
    this.over.add(livestreamId);
    for (const [h, s] of this.keys) if (s.livestreamId === livestreamId) this.keys.delete(h);
  }

  /** The stream was cancelled: its key no longer publishes. */
  cancelled(livestreamId: string): void {
    this.revokeKeys(livestreamId);
  }

  /**
   * A manager ended (or cancelled) the stream, in this process or another (the event is stored):
   * the publisher is disconnected, viewers let go, the recording closed and handed on.
   */
  endedByManager(livestreamId: string): void {
    const publisher = this.publishers.get(livestreamId);
    if (publisher) {
      publisher.settled = true;
      this.publishers.delete(livestreamId);
      publisher.session.socket?.destroy();
    }
    this.finish(livestreamId);
  }

  viewers(livestreamId: string): { viewerCount: number; peak: number } {
    const stream = this.live.get(livestreamId);
    return { viewerCount: stream ? viewerCount(stream) : 0, peak: stream?.peak ?? 0 };
  }

  /** The stream's HLS packaging, while it can be watched here (see isOnAir); null otherwise. */
  hls(livestreamId: string): LiveHls | null {
    const stream = this.live.get(livestreamId);
    return stream?.broadcast ? stream.hls : null;
  }

  /**
   * An HLS client asked for the stream's playlist or a segment: it is a viewer (keyed by its
   * player id, else its session, else its address and browser) for HLS_VIEWER_WINDOW_MS.
   */
  hlsViewer(livestreamId: string, key: string): void {
    const stream = this.live.get(livestreamId);
    if (!stream) return;
    const known = stream.hlsViewers.delete(key);
    if (!known && stream.hlsViewers.size >= MAX_HLS_VIEWERS) return;
    stream.hlsViewers.set(key, Date.now()); // re-inserted: the map stays ordered oldest first
    if (known) return;
    stream.peak = Math.max(stream.peak, viewerCount(stream));
    this.pushViewers(stream);
    stream.hlsSweep ??= setInterval(() => this.sweepHlsViewers(stream), 1000);
    stream.hlsSweep.unref();
  }

  private sweepHlsViewers(stream: LiveStream): void {
    const before = Date.now() - HLS_VIEWER_WINDOW_MS;
    let gone = false;
    for (const [key, at] of stream.hlsViewers) {
      if (at >= before) break;
      stream.hlsViewers.delete(key);
      gone = true;
    }
    if (stream.hlsViewers.size === 0 && stream.hlsSweep) {
      clearInterval(stream.hlsSweep);
      stream.hlsSweep = null;
    }
    if (gone) this.pushViewers(stream);
  }

  /**
   * Whether the stream can be watched here: it has a broadcast (on air, or interrupted and
   * waiting for its publisher: viewers then wait too, and get the picture again on resume).
   */
  isOnAir(livestreamId: string): boolean {
    return Boolean(this.live.get(livestreamId)?.broadcast);
  }

  /**
   * Attaches an HTTP response as a viewer of the stream's broadcast: FLV header, codec headers
   * and the current GOP first, then every tag live. False when the stream has nothing to play.
   */
  addViewer(livestreamId: string, response: ServerResponse): boolean {
    const stream = this.live.get(livestreamId);
    const broadcast = stream?.broadcast;
    if (!stream || !broadcast) return false;
    const id = randomBytes(8).toString('hex');
    const subscriber: Subscriber = {
      id,
      ip: '', // internal to NMS: no play events, no auth, no playCount
      protocol: 'flv',
      isPublisher: false,
      streamPath: '',
      endTime: 0,
      sendBuffer: (buffer) => {
        if (response.destroyed || response.writableEnded) return;
        if (response.writableLength > MAX_VIEWER_BACKLOG) {
          response.destroy();
          return;
        }
        response.write(buffer);
      },
      close: () => response.end(),
    };
    response.writeHead(200, {
      'content-type': 'video/x-flv',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    const error = broadcast.postPlay(subscriber);
    if (error) {
      response.end();
      return true;
    }
    stream.viewers.set(id, { subscriber, response });
    stream.peak = Math.max(stream.peak, viewerCount(stream));
    this.pushViewers(stream);
    response.on('close', () => {
      if (!stream.viewers.delete(id)) return;
      broadcast.donePlay(subscriber);
      this.pushViewers(stream);
    });
    return true;
  }

  // ---- NMS hooks --------------------------------------------------------------------------

  private onPrePublish(session: NmsSession): void {
    const refuse = (why: string) => {
      this.options.logger.info({ session: session.id, why }, 'RTMP publish refused');
      session.socket?.destroy();
    };
    // node-media-server keeps its state in module globals: every instance in this process hears
    // every publish. Only this ingest's own port is its business (tests run several).
    if (session.protocol !== 'rtmp' || !session.socket) return;
    if (session.socket.localPort !== this.port) return;
    if (session.streamApp !== 'live') return refuse('unknown application');
    const keyHash = hashStreamKey(session.streamName);
    const known = this.keys.get(keyHash);
    if (!known) return refuse('unknown, revoked or ended stream key');
    if (this.publishers.has(known.livestreamId) || this.checking.has(known.livestreamId))
      return refuse('the stream already has a publisher');
    if (!known.isPublic) return this.accept(session, known, keyHash);

    // A public stream goes beyond the team: refused while any rostered player lacks public and
    // livestream consent (consent can be withdrawn after the stream was created).
    this.checking.add(known.livestreamId);
    void playersLackingConsent(this.options.db, known.teamId, ['public', 'livestream'])
      .then(
        (lacking) => lacking.length,
        (err: unknown) => {
          this.options.logger.warn({ err, livestreamId: known.livestreamId }, 'consent check failed');
          return -1;
        },
      )
      .then((lacking) => {
        this.checking.delete(known.livestreamId);
        if (lacking !== 0) {
          this.options.logger.info(
            { session: session.id, livestreamId: known.livestreamId, playersWithoutConsent: lacking },
            lacking > 0
              ? `RTMP publish of public stream ${known.livestreamId} refused: ${lacking} rostered player(s) lack public and livestream consent`
              : `RTMP publish of public stream ${known.livestreamId} refused: consent could not be checked`,
          );
          session.socket?.destroy();
          return;
        }
        if (this.stopped || !session.socket || session.socket.destroyed) return;
        if (this.publishers.has(known.livestreamId)) return refuse('the stream already has a publisher');
        if (this.keys.get(keyHash)?.livestreamId !== known.livestreamId)
          return refuse('unknown, revoked or ended stream key');
        this.accept(session, known, keyHash);
      });
  }

  /** Takes a checked publish: the stream goes (or comes back) on air. */
  private accept(session: NmsSession, known: KeyedStream, keyHash: string): void {
    if (!session.socket) return;
    const publisher: Publisher = { livestreamId: known.livestreamId, keyHash, session, clean: false, settled: false };
    this.publishers.set(known.livestreamId, publisher);
    // NMS ignores deleteStream; it is how a publisher says it ended on purpose (OBS, ffmpeg).
    if (session.rtmp) session.rtmp.onDeleteStream = () => (publisher.clean = true);
    session.socket.once('close', () => this.onPublisherClosed(publisher));

    const stream = this.ensureLive(known.livestreamId, known.teamId, known.recordStream);
    if (stream.graceTimer) clearTimeout(stream.graceTimer);
    stream.graceTimer = null;
    if (stream.broadcast !== session.broadcast) {
      // A new broadcast (another path after a key rotation, or NMS let the old one go): viewers
      // of the old one reconnect; the recording continues in a new segment.
      for (const { subscriber, response } of stream.viewers.values()) {
        stream.broadcast?.donePlay(subscriber);
        response.end();
      }
      stream.viewers.clear();
      this.closeRecorder(stream);
      stream.broadcast = session.broadcast;
    }
    if (stream.recordStream && !stream.recorder) this.openRecorder(stream);
    stream.hls?.publishStarted(session.broadcast, session.id);

    void this.signal(known.livestreamId, {
      type: 'PublishStarted',
      data: { ...this.sent(known.livestreamId), sessionId: session.id },
    }).then((ok) => {
      if (ok || publisher.settled) return;
      // The machine refused it (ended meanwhile): this publish is not taken.
      publisher.settled = true;
      if (this.publishers.get(known.livestreamId) === publisher) this.publishers.delete(known.livestreamId);
      session.socket?.destroy();
    });
  }

  private onPublisherClosed(publisher: Publisher): void {
    const id = publisher.livestreamId;
    this.live.get(id)?.hls?.publishEnded(publisher.session.id);
    if (this.publishers.get(id) === publisher) this.publishers.delete(id);
    if (publisher.settled || this.stopped) return;
    if (publisher.clean) {
      publisher.settled = true;
      const stream = this.live.get(id);
      void this.signal(id, {
        type: 'PublishEnded',
        data: { ...this.sent(id), sessionId: publisher.session.id, maxViewers: stream?.peak ?? 0 },
      }).then((ok) => ok && this.finish(id));
      return;
    }
    this.dropped(publisher);
  }

  /**
   * The publisher is gone without a clean end (lost, or disconnected here): the stream is
   * interrupted and waits its grace period. Its place is free at once, and the signal is queued
   * before any later publish's, so a publisher coming back resumes the stream.
   */
  private dropped(publisher: Publisher): void {
    const id = publisher.livestreamId;
    if (this.publishers.get(id) === publisher) this.publishers.delete(id);
    publisher.settled = true;
    const stream = this.live.get(id);
    void this.signal(id, { type: 'PublishDropped', data: { ...this.sent(id), sessionId: publisher.session.id } }).then(
      (ok) => {
        if (ok && stream && !this.publishers.has(id)) this.startGrace(stream);
      },
    );
  }

  private startGrace(stream: LiveStream): void {
    if (stream.graceTimer) clearTimeout(stream.graceTimer);
    stream.graceTimer = setTimeout(() => {
      stream.graceTimer = null;
      if (this.publishers.has(stream.livestreamId) || this.stopped) return;
      void this.signal(stream.livestreamId, {
        type: 'GraceExpired',
        data: { ...this.sent(stream.livestreamId), maxViewers: stream.peak },
      }).then((ok) => ok && this.finish(stream.livestreamId));
    }, this.options.graceMs);
    stream.graceTimer.unref();
  }

  /** The stream has ended: viewers are let go, the recording is closed and handed on. */
  private finish(livestreamId: string): void {
    this.revokeKeys(livestreamId);
    const stream = this.live.get(livestreamId);
    if (!stream) return;
    this.live.delete(livestreamId);
    if (stream.graceTimer) clearTimeout(stream.graceTimer);
    for (const { subscriber, response } of stream.viewers.values()) {
      stream.broadcast?.donePlay(subscriber);
      response.end();
    }
    stream.viewers.clear();
    if (stream.hlsSweep) clearInterval(stream.hlsSweep);
    stream.hlsViewers.clear();
    this.pushViewers(stream, true);
    void stream.hls?.close();
    const closing = this.closeRecorder(stream);
    if (stream.recordStream && this.options.onRecorded) {
      void closing.then(() => this.options.onRecorded!(livestreamId, stream.segments));
    }
  }

  private ensureLive(livestreamId: string, teamId: string, recordStream: boolean): LiveStream {
    let stream = this.live.get(livestreamId);
    if (!stream) {
      stream = {
        livestreamId,
        teamId,
        recordStream,
        broadcast: null,
        viewers: new Map(),
        peak: 0,
        recorder: null,
        segments: [],
        graceTimer: null,
        pushTimer: null,
        hls: this.hlsEnabled
          ? new LiveHls(
              livestreamId,
              path.join(hlsRoot(this.options.dataDir), livestreamId),
              this.options.logger.child({ component: 'hls' }),
            )
          : null,
        hlsViewers: new Map(),
        hlsSweep: null,
      };
      this.live.set(livestreamId, stream);
    }
    return stream;
  }

  private async liveStream(livestreamId: string): Promise<LiveStream | null> {
    const row = await findLivestreamRow(this.options.db, livestreamId);
    if (!row) return null;
    const stream = this.ensureLive(livestreamId, row.teamId, row.recordStream);
    stream.peak = Math.max(stream.peak, row.maxViewers);
    return stream;
  }

  private openRecorder(stream: LiveStream): void {
    if (!stream.broadcast) return;
    const dir = path.join(this.options.dataDir, 'livestreams', stream.livestreamId);
    mkdirSync(dir, { recursive: true });
    const filePath = path.join(dir, `segment-${stream.segments.length + 1}-${Date.now()}.flv`);
    const file = createWriteStream(filePath);
    file.on('error', (err) =>
      this.options.logger.warn({ err, livestreamId: stream.livestreamId }, 'recording write failed'),
    );
    const recorder: Recorder = {
      id: randomBytes(8).toString('hex'),
      ip: '',
      protocol: 'flv',
      isPublisher: false,
      streamPath: '',
      endTime: 0,
      file,
      filePath,
      bytes: 0,
      sendBuffer: (buffer) => {
        recorder.bytes += buffer.length;
        file.write(buffer);
      },
      close: () => file.end(),
    };
    stream.broadcast.postPlay(recorder);
    stream.recorder = recorder;
    stream.segments.push(filePath);
  }

  private closeRecorder(stream: LiveStream): Promise<void> {
    const recorder = stream.recorder;
    if (!recorder) return Promise.resolve();
    stream.recorder = null;
    stream.broadcast?.donePlay(recorder);
    return new Promise((resolve) => recorder.file.end(resolve));
  }

  private pushViewers(stream: LiveStream, now = false): void {
    const send = () => {
      stream.pushTimer = null;
      void this.options.bus
        .publish(
          teamSubject(stream.teamId, 'livestream'),
          toEnvelope({
            type: 'livestream_viewers',
            livestreamId: stream.livestreamId,
            teamId: stream.teamId,
            viewerCount: viewerCount(stream),
            maxViewers: stream.peak,
          }),
        )
        .catch(() => {});
    };
    if (now) {
      if (stream.pushTimer) clearTimeout(stream.pushTimer);
      send();
      return;
    }
    if (!stream.pushTimer) stream.pushTimer = setTimeout(send, VIEWERS_PUSH_MS);
  }

  private sent(livestreamId: string) {
    return { livestreamId, by: 'ingest', at: new Date().toISOString() };
  }

  /** Runs an ingest signal through the decider, in order per stream; false when refused. */
  private signal(livestreamId: string, command: LivestreamCommand): Promise<boolean> {
    const previous = this.chains.get(livestreamId) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        await this.options.handle(
          livestreamDecider,
          livestreamStream(livestreamId),
          command,
          { actorId: null },
          { waitFor: null },
        );
        return true;
      } catch (error) {
        if (error instanceof DomainError) {
          this.options.logger.info({ livestreamId, signal: command.type, code: error.code }, 'ingest signal refused');
        } else {
          this.options.logger.warn({ err: error, livestreamId, signal: command.type }, 'ingest signal failed');
        }
        return false;
      }
    });
    this.chains.set(livestreamId, next);
    void next.finally(() => {
      if (this.chains.get(livestreamId) === next) this.chains.delete(livestreamId);
    });
    return next;
  }
}

/** Open HTTP-FLV playbacks and HLS clients seen within HLS_VIEWER_WINDOW_MS. */
const viewerCount = (stream: LiveStream) => stream.viewers.size + stream.hlsViewers.size;

const redact = (message: string) => message.replace(/\/live\/[A-Za-z0-9_-]+/g, '/live/[key]');

function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}
