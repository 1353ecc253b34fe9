//! The doctor's schedule.

use super::appointments::PageArgs;
use super::{Appointment, AppointmentPage, page_of, zones};
use crate::clinic_tool;
use crate::error::ToolError;
use crate::tool::ToolContext;
use crate::upstream::{ApiAppointment, ApiPage};

/// List the authenticated doctor's appointments, one page at a time, with status, patient and times.
#[clinic_tool(profile = "full", role = "doctor", title = "List my schedule")]
pub async fn list_doctor_schedule(
    ctx: &ToolContext<'_>,
    args: PageArgs,
) -> Result<AppointmentPage, ToolError> {
    let (page, limit) = args.paging();
    let credential = ctx.credential()?;
    let path = format!("/appointments/doctor?page={page}&limit={limit}");
    let mut upstream: ApiPage<ApiAppointment> = ctx.api.get(credential, &path).await?;
    // The schedule names the patient, not the doctor; every entry is the same (authenticated)
    // doctor's, so one appointment read tells whose clinic, and so which time zone, applies. The
    // answer is kept for this caller, so that read is made once per caller, not per call.
    if let Some(first) = upstream.data.first()
        && upstream
            .data
            .iter()
            .all(|a| Appointment::doctor_id_of(a).is_none())
    {
        let doctor = match ctx.directory.own_doctor(ctx.caller) {
            Some(doctor) => Some(doctor),
            None => {
                let one: ApiAppointment = ctx
                    .api
                    .get(credential, &format!("/appointments/{}", first.id))
                    .await?;
                let doctor = Appointment::doctor_id_of(&one);
                if let Some(doctor) = doctor {
                    ctx.directory.learn_own_doctor(ctx.caller, doctor);
                }
                doctor
            }
        };
        if let Some(doctor) = doctor {
            for a in &mut upstream.data {
                a.doctor_id = Some(doctor);
            }
        }
    }
    let zones = zones(ctx, &upstream.data).await?;
    Ok(page_of(upstream, &zones))
}
