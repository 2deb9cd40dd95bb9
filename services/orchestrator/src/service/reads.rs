//! The requests that only read a match: a view at a version, the pending decision, a watch
//! from a version, and the export of its stored commits (checked as they are served).

use super::*;

impl MatchApi {
    pub(super) async fn get_match_inner(&self, req: Request<m::GetMatchRequest>) -> Result<Response<m::MatchView>, Status> {
        let rec = self.matches.lock(&req.get_ref().match_id).await?;
        let viewer = viewer_of(&req, &rec)?;
        let version = req.get_ref().version;
        if version == 0 || version == rec.version {
            return Ok(Response::new(self.view(&rec, viewer).await?));
        }
        let match_id = rec.match_id.clone();
        drop(rec);
        let past = self.matches.rebuild(&match_id, Some(version)).await?;
        let mut view = self.view(&past, viewer).await?;
        // A past version waits for nothing now.
        view.system_wait = None;
        Ok(Response::new(view))
    }

    pub(super) async fn get_pending_inner(&self, req: Request<m::GetPendingDecisionRequest>) -> Result<Response<m::GetPendingDecisionResponse>, Status> {
        let rec = self.matches.lock(&req.get_ref().match_id).await?;
        let seat = seat_of(&req, &rec)?;
        let (decision, waiting_for_seat, status) = next_for(&rec, seat);
        Ok(Response::new(m::GetPendingDecisionResponse {
            version: rec.version,
            decision,
            waiting_for_seat,
            status: status as i32,
            chain_hash: chain_hash(&rec),
            system_wait: self.matches.system_wait(&rec).map(|w| w.to_proto()),
        }))
    }

    pub(super) async fn watch_inner(&self, req: Request<m::WatchMatchRequest>) -> Result<Response<WatchStream>, Status> {
        let permit = self.watches.clone().try_acquire_owned().map_err(|_| {
            OrchestratorError::Exhausted(format!("this orchestrator already serves {} open watches; close one or retry later", limits::MAX_OPEN_WATCHES))
        })?;
        // The updates come from the log (the match's feed), so the cached record only has to
        // name the viewer; a token it does not know yet gets one look at the log first.
        let match_id = req.get_ref().match_id.clone();
        let cached = self.matches.lock_cached(&match_id).await?;
        let viewer = match viewer_of(&req, &cached) {
            Ok(v) => {
                drop(cached);
                v
            }
            Err(_) => {
                drop(cached);
                viewer_of(&req, &*self.matches.lock(&match_id).await?)?
            }
        };
        let from = req.get_ref().from_version;
        let watcher = self.hub.watch(&match_id, from).await?;
        let notices = Notices { matches: self.matches.clone(), match_id };
        Ok(Response::new(watch_stream(watcher, permit, viewer, from, self.watch_stall, notices)))
    }

    pub(super) async fn export_inner(&self, req: Request<m::ExportMatchRequest>) -> Result<Response<m::ExportMatchResponse>, Status> {
        let rec = self.matches.lock(&req.get_ref().match_id).await?;
        if !(rec.ended() && rec.secret_revealed) {
            return Err(OrchestratorError::FailedPrecondition(format!(
                "match {} has not ended yet; its log can be exported once it has (status {:?})",
                rec.match_id,
                status_of(&rec)
            ))
            .into());
        }
        let mut stored = self.matches.backends().log.read(&rec.match_id, 1).await.map_err(OrchestratorError::from)?;
        if stored.is_empty() {
            return Err(unknown_match(&rec.match_id).into());
        }
        // These bytes are served as they are, so they are checked as they are: the record may
        // come from a snapshot, and the log may have changed since it was read. Exactly the
        // versions the record holds are exported.
        let head = rec.last_hash.ok_or_else(|| OrchestratorError::Internal(format!("match {} has no chain head", rec.match_id)))?;
        let own = self.matches.backends().signer.orchestrator_key();
        verify::check_prefix(&rec.match_id, &stored, rec.version, &head, &own)?;
        stored.truncate(usize::try_from(rec.version).unwrap_or(usize::MAX));
        let commits = stored
            .iter()
            .map(|s| {
                api::log_v1::Commit::decode(s.payload.as_ref()).map_err(|e| OrchestratorError::Tampered {
                    match_id: rec.match_id.clone(),
                    version: s.version,
                    detail: format!("the commit does not decode: {e}"),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let stored_commits = stored.iter().map(|s| s.payload.to_vec()).collect();
        let export = MatchExport { match_id: rec.match_id.clone(), commits, stored_commits };
        Ok(Response::new(m::ExportMatchResponse { export: export.encode_to_vec() }))
    }
}
