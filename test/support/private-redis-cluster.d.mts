/**
 * A Redis Cluster of one run's own (three masters, three replicas of `redis-server` on loopback
 * ports, own temp dirs), which the run may cut a master from and heal. Never a shared server.
 */
export interface PrivateRedisCluster {
  /** `host:port` of every node, comma-separated: what REDIS_CLUSTER_NODES takes. */
  readonly seeds: string;
  readonly ports: readonly number[];
  /** The masters serving slots now, as a live node sees them. */
  masters(): Promise<{ port: number; slots: [number, number][] }[]>;
  /** The slot a key hashes to (by its hash tag, if it has one). */
  slotOf(key: string): Promise<number>;
  /** The port of the master serving `key` now. */
  masterOf(key: string): Promise<number>;
  /** SIGKILL a node: no goodbye, as a machine lost. */
  kill(port: number): Promise<void>;
  /** Until a replica of the killed master serves its slots and every live node says the cluster is ok. */
  waitForFailover(port: number, timeoutMs?: number): Promise<void>;
  /** Starts a killed node again (same port, same nodes.conf); resolves once it is back in sync, as a replica. */
  restart(port: number, timeoutMs?: number): Promise<void>;
  /**
   * Kills the master serving `key` so that its replica takes over without the writes made after
   * `beforeKill` was called: the replica is frozen and its replication link cut first, then
   * `beforeKill` writes (reaching the master alone), then the master dies and the replica resumes.
   * What asynchronous replication can lose, on purpose. Returns the killed master's port.
   */
  killMasterLosingWrites(key: string, beforeKill: () => Promise<void>): Promise<number>;
  /** Every node up, the cluster ok, every replica in sync. */
  healthy(): Promise<boolean>;
  /** Kills every node and removes their dirs. */
  stop(): Promise<void>;
}

/** Failover time-out of the nodes (cluster-node-timeout), ms. */
export declare const NODE_TIMEOUT_MS: number;

export declare function startPrivateRedisCluster(options?: {
  masters?: number;
  replicasPerMaster?: number;
  log?: (line: string) => void;
}): Promise<PrivateRedisCluster>;
