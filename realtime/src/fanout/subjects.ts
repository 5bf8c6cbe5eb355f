export { allTeamsSubject, allUsersSubject, parseScopedSubject, teamSubject, userSubject } from '@sideline/infra';
