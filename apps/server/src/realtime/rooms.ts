/**
 * Room names. A centre has two rooms: its staff, and the families of its children, so that an
 * event meant for staff (instructions, who acknowledged) never reaches a parent's socket.
 */
export const rooms = {
  centreStaff: (centerId: string) => `center:${centerId}:staff`,
  centreFamilies: (centerId: string) => `center:${centerId}:families`,
  user: (userId: string) => `user:${userId}`,
  /** The teachers of a classroom: they read its children, and no other room's. */
  classroomStaff: (classroomId: string) => `classroom:${classroomId}:staff`,
  /** The staff who read every child of a centre (its leadership and coordinators). */
  centreChildReaders: (centerId: string) => `center:${centerId}:child-readers`,
};
