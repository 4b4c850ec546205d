// Azure DevOps has no maintained "sticky comment" task, so the pipeline's PR stage posts its plan comment with
// this: find the thread whose first comment carries the marker and edit that comment, or start one thread.
// REST: Pull Request Threads / Pull Request Thread Comments (api-version 7.1), authorised with the job's
// System.AccessToken (the build service needs "Contribute to pull requests" on the repository).
export interface PullRequestRef {
  /** $(System.CollectionUri), e.g. https://dev.azure.com/contoso/ */
  collectionUri: string;
  /** $(System.TeamProjectId) */
  project: string;
  /** $(Build.Repository.ID) */
  repositoryId: string;
  /** $(System.PullRequest.PullRequestId) */
  pullRequestId: string;
}

interface Thread {
  id: number;
  isDeleted?: boolean;
  comments?: { id: number; content?: string; isDeleted?: boolean }[];
}

export type CommentOutcome = { action: "created"; threadId: number } | { action: "updated"; threadId: number };

const API_VERSION = "7.1";
const TIMEOUT_MS = 30_000;

/** The thread and comment to edit: the first live thread whose first comment holds the marker. */
export function findMarkedComment(
  threads: Thread[],
  marker: string,
): { threadId: number; commentId: number } | undefined {
  for (const thread of threads) {
    if (thread.isDeleted) continue;
    const first = thread.comments?.[0];
    if (first && !first.isDeleted && first.content?.includes(marker))
      return { threadId: thread.id, commentId: first.id };
  }
  return undefined;
}

export async function upsertPullRequestComment(
  pr: PullRequestRef,
  token: string,
  content: string,
  marker: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CommentOutcome> {
  if (!content.includes(marker)) throw new Error(`the comment must contain its marker ${marker} to be found again`);
  const base = `${pr.collectionUri.replace(/\/+$/, "")}/${encodeURIComponent(pr.project)}/_apis/git/repositories/${encodeURIComponent(pr.repositoryId)}/pullRequests/${encodeURIComponent(pr.pullRequestId)}/threads`;
  const call = async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const response = await fetchImpl(`${url}?api-version=${API_VERSION}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(
        `${method} ${url} answered ${response.status}${detail ? `: ${detail}` : ""}` +
          (response.status === 401 || response.status === 403
            ? ` (give the build service "Contribute to pull requests" and map System.AccessToken into the step's env)`
            : ""),
      );
    }
    return response.json();
  };

  const { value } = (await call("GET", base)) as { value: Thread[] };
  const found = findMarkedComment(value ?? [], marker);
  if (found) {
    await call("PATCH", `${base}/${found.threadId}/comments/${found.commentId}`, { content });
    return { action: "updated", threadId: found.threadId };
  }
  // Closed: the comment informs; it must not hold up a "resolve all comments" branch policy.
  const created = (await call("POST", base, {
    comments: [{ parentCommentId: 0, content, commentType: "text" }],
    status: "closed",
  })) as Thread;
  return { action: "created", threadId: created.id };
}
