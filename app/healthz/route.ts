/** The process answers: for a load balancer's or orchestrator's liveness probe. */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
