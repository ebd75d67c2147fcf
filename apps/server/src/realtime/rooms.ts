/**
 * Room names. A centre has two rooms: its staff, and the families of its children, so that an
 * event meant for staff (instructions, who acknowledged) never reaches a parent's socket.
 */
export const rooms = {
  centreStaff: (centerId: string) => `center:${centerId}:staff`,
  centreFamilies: (centerId: string) => `center:${centerId}:families`,
  user: (userId: string) => `user:${userId}`,
  classroom: (classroomId: string) => `classroom:${classroomId}`,
};
