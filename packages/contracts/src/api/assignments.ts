import {
  ASSIGNMENT,
  ASSIGNMENT_BODIES,
  assignableList,
  assignmentList,
  assignmentListQuery,
  assignmentSaved,
  type AssignmentKind,
} from '../assignments';
import { endpoint } from '../endpoint';
import { accessOf } from '../routes';

// The assignment area's endpoints: the same three calls for RMS, STLT and pole IDs, each kind at its own
// path, all three under the kind's assign screen's code.

const area = 'assignments';

/** One kind's history, assignable items and assignment. */
function kindApi<K extends AssignmentKind>(kind: K) {
  const config = ASSIGNMENT[kind];
  const path = `/${config.path}`;
  const access = accessOf(config.consolePath);
  return {
    list: endpoint({
      area,
      method: 'GET',
      path,
      access,
      summary: `History of ${config.itemLabel} assignments the caller's organization gave or received (?query=)`,
      query: assignmentListQuery,
      response: assignmentList,
    }),
    items: endpoint({
      area,
      method: 'GET',
      path: `${path}items/`,
      access,
      summary: `${config.itemLabel}s the caller's organization may assign: its own, active, not activated`,
      query: assignmentListQuery,
      response: assignableList,
    }),
    assign: endpoint({
      area,
      method: 'POST',
      path,
      access,
      summary: `Assign a ${config.itemLabel} to a buyer organization with an expiry date`,
      body: ASSIGNMENT_BODIES[kind],
      response: assignmentSaved,
      status: 201,
    }),
  };
}

/** Each kind's calls, by kind. */
export const ASSIGNMENT_API = { rms: kindApi('rms'), stlt: kindApi('stlt'), pole: kindApi('pole') };

export const assignmentApi = {
  rmsList: ASSIGNMENT_API.rms.list,
  rmsItems: ASSIGNMENT_API.rms.items,
  rmsAssign: ASSIGNMENT_API.rms.assign,
  stltList: ASSIGNMENT_API.stlt.list,
  stltItems: ASSIGNMENT_API.stlt.items,
  stltAssign: ASSIGNMENT_API.stlt.assign,
  poleList: ASSIGNMENT_API.pole.list,
  poleItems: ASSIGNMENT_API.pole.items,
  poleAssign: ASSIGNMENT_API.pole.assign,
};
